import type { AnyCall, CallBody, CallResponse } from '../../contract/call.ts';
import { csrfCookieName, csrfHeaderName, isUnauthorizedCode, ResultCode, type Envelope } from '../../contract/envelope.ts';
import { loginPath } from '../../contract/account.ts';
import { requestErrors } from '../../contract/errors.ts';

/** Shared calls time out after 200000 ms (spec §9). */
export const apiTimeoutMs = 200_000;

/** A rejected call: the envelope when the server answered, or a network/HTTP failure. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly msg: string,
    readonly status: number,
    /** The server's machine-readable reason (`cart.full`), when it gave one. */
    readonly errorCode = '',
  ) {
    super(msg || `request failed (${code})`);
  }
}

export function readCookie(name: string): string {
  const prefix = `${name}=`;
  for (const part of document.cookie.split('; ')) if (part.startsWith(prefix)) return decodeURIComponent(part.slice(prefix.length));
  return '';
}

export function loginUrlFor(location: Pick<Location, 'pathname' | 'search'>): string {
  return loginPath(location.pathname + location.search);
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && 'code' in value && typeof value.code === 'number';
}

/**
 * The request layer of spec §7/§8: POST JSON with the anti-forgery header; code 1 → data;
 * 401/4001 → the login page with a return path; anything else, or a non-2xx status, is
 * rejected to the caller. It shows no message itself: callers toast a non-empty msg.
 * The answer's type is the call's declared response: the server's handler is typed by the same call.
 */
export async function callApi<C extends AnyCall>(call: C, body: CallBody<C>, options: { timeoutMs?: number } = {}): Promise<CallResponse<C>> {
  const envelope = await postWithToken(call.path, body, options.timeoutMs ?? apiTimeoutMs);
  if (envelope.code === ResultCode.success) return envelope.data as CallResponse<C>;
  if (isUnauthorizedCode(envelope.code)) window.location.href = loginUrlFor(window.location);
  throw new ApiError(envelope.code, envelope.msg, 200, envelope.errorCode);
}

/**
 * A browser that lost its csrfToken cookie (or whose session another tab just rotated) is refused
 * before the call runs, and the refusal brings the token again: the call is sent once more with it.
 */
async function postWithToken(path: string, body: unknown, timeoutMs: number): Promise<Envelope<unknown>> {
  const token = readCookie(csrfCookieName);
  const envelope = await post(path, body, timeoutMs, token);
  if (envelope.errorCode !== requestErrors.forged.errorCode) return envelope;
  const freshToken = readCookie(csrfCookieName);
  return freshToken && freshToken !== token ? post(path, body, timeoutMs, freshToken) : envelope;
}

async function post(path: string, body: unknown, timeoutMs: number, token: string): Promise<Envelope<unknown>> {
  const controller = new AbortController();
  const timer = setTimeout(() => {
    controller.abort();
  }, timeoutMs);
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [csrfHeaderName]: token },
      body: JSON.stringify(body),
      credentials: 'same-origin',
      signal: controller.signal,
    });
  } catch {
    throw new ApiError(0, '', 0);
  } finally {
    clearTimeout(timer);
  }
  if (response.status < 200 || response.status > 299) throw new ApiError(response.status, '', response.status);
  let envelope: unknown;
  try {
    envelope = await response.json();
  } catch {
    throw new ApiError(0, '', response.status);
  }
  if (!isEnvelope(envelope)) throw new ApiError(0, '', response.status);
  return envelope;
}

/** The message a caller should toast for a failed call, or '' when there is nothing to say. */
export function errorMessageOf(error: unknown): string {
  return error instanceof ApiError ? error.msg.trim() : '';
}
