import { csrfCookieName, csrfHeaderName, isUnauthorizedCode, ResultCode, type Envelope } from '../../contract/envelope.ts';

/** Shared calls time out after 200000 ms (spec §9). */
export const apiTimeoutMs = 200_000;

/** A rejected call: the envelope when the server answered, or a network/HTTP failure. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly msg: string,
    readonly status: number,
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
  return `/account/login?return=${encodeURIComponent(location.pathname + location.search)}`;
}

/**
 * The request layer of spec §7/§8: POST JSON with the anti-forgery header; code 1 → data;
 * 401/4001 → the login page with a return path; anything else, or a non-2xx status, is
 * rejected to the caller. It shows no message itself: callers toast a non-empty msg.
 */
export async function callApi<T>(path: string, body: unknown = {}, options: { timeoutMs?: number } = {}): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? apiTimeoutMs);
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [csrfHeaderName]: readCookie(csrfCookieName) },
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
  let envelope: Envelope<T>;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    throw new ApiError(0, '', response.status);
  }
  if (envelope.code === ResultCode.success) return envelope.data as T;
  if (isUnauthorizedCode(envelope.code)) {
    window.location.href = loginUrlFor(window.location);
  }
  throw new ApiError(envelope.code, envelope.msg ?? '', response.status);
}

/** The message a caller should toast for a failed call, or '' when there is nothing to say. */
export function errorMessageOf(error: unknown): string {
  return error instanceof ApiError ? error.msg.trim() : '';
}
