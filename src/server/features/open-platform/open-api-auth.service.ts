import { createHash, createHmac } from 'node:crypto';
import { apiKeyLimits, openApiErrors, openApiHeaders } from '../../../contract/open-api.ts';
import { AppError } from '../../http/app-error.ts';
import { secondsOf } from '../../http/sliding-window.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { isMemberDisabled } from '../account/account.service.ts';
import { apiKeyPattern, decryptSecret, fullKeyOf, hashSecret, keyIdNamedBy, sameText } from './api-key-secret.ts';
import { claimNonce, deleteExpiredNonces, findApiKey, touchApiKey, type ApiKeyRow } from './open-platform.repository.ts';

type AuthDeps = Pick<ServiceDeps, 'db' | 'config' | 'counters'>;

const lastUsedEveryMs = 60_000;

/** What authenticating a request reads of it. */
export interface OpenRequestCredentials {
  headers: Record<string, string | string[] | undefined>;
  method: string;
  /** The path and query exactly as sent. */
  url: string;
  /** The body exactly as sent ('' without one). */
  rawBody: string;
}

export interface OpenCaller {
  keyId: number;
  userId: number;
  /** A sandbox key: it places and sees sandbox orders only. */
  isSandbox: boolean;
}

function headerOf(headers: OpenRequestCredentials['headers'], name: string): string | null {
  const value = headers[name];
  return typeof value === 'string' ? value : null;
}

/** The text a signed request signs: one field a line. */
export function signingTextOf(method: string, url: string, timestamp: string, nonce: string, rawBody: string): string {
  return [method.toUpperCase(), url, timestamp, nonce, createHash('sha256').update(rawBody).digest('hex')].join('\n');
}

export function signRequest(apiKey: string, method: string, url: string, timestamp: string, nonce: string, rawBody: string): string {
  return createHmac('sha256', apiKey)
    .update(signingTextOf(method, url, timestamp, nonce, rawBody))
    .digest('hex');
}

/** The largest id the keys' integer column holds: a larger one (PostgreSQL would refuse to compare it) is no key. */
const largestKeyId = 2_147_483_647;

async function activeKey(deps: Pick<ServiceDeps, 'db'>, keyId: number): Promise<ApiKeyRow> {
  if (keyId > largestKeyId) throw new AppError(openApiErrors.badKey);
  const row = await findApiKey(deps.db, keyId);
  if (row?.revokedAt !== null) throw new AppError(openApiErrors.badKey);
  return row;
}

async function byHeaderKey(deps: Pick<ServiceDeps, 'db'>, apiKey: string): Promise<ApiKeyRow> {
  const match = apiKeyPattern.exec(apiKey.trim());
  if (!match?.[1] || !match[2] || !match[3]) throw new AppError(openApiErrors.badKey);
  const row = await activeKey(deps, Number(match[2]));
  // The prefix names the key's kind: a live key's secret under xp_test_ (or the other way) is no key.
  if ((match[1] === 'test') !== (row.isSandbox === 1)) throw new AppError(openApiErrors.badKey);
  if (!sameText(row.secretHash, hashSecret(match[3]))) throw new AppError(openApiErrors.badKey);
  return row;
}

const noncePattern = /^[A-Za-z0-9_-]{16,64}$/;
const keyIdPattern = /^\d{1,10}$/;

async function bySignature(deps: Pick<ServiceDeps, 'db' | 'config'>, request: OpenRequestCredentials, keyIdText: string, now: number): Promise<ApiKeyRow> {
  const timestamp = headerOf(request.headers, openApiHeaders.timestamp) ?? '';
  const nonce = headerOf(request.headers, openApiHeaders.nonce) ?? '';
  const signature = headerOf(request.headers, openApiHeaders.signature) ?? '';
  if (!keyIdPattern.test(keyIdText)) throw new AppError(openApiErrors.badKey);
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(now / 1000 - Number(timestamp)) > apiKeyLimits.signatureSkewSeconds) {
    throw new AppError(openApiErrors.staleTimestamp);
  }
  if (!noncePattern.test(nonce) || !/^[0-9a-f]{64}$/i.test(signature)) throw new AppError(openApiErrors.badSignature);
  const row = await activeKey(deps, Number(keyIdText));
  const apiKey = fullKeyOf(row.id, decryptSecret(deps.config.sessionSecret, row.secretCipher), row.isSandbox === 1);
  const expected = signRequest(apiKey, request.method, request.url, timestamp, nonce, request.rawBody);
  if (!sameText(expected, signature.toLowerCase())) throw new AppError(openApiErrors.badSignature);
  // Kept as long as its timestamp could still pass; claimed only once the signature is right, so junk fills nothing.
  await deleteExpiredNonces(deps.db, now);
  if (!(await claimNonce(deps.db, row.id, nonce, (Number(timestamp) + apiKeyLimits.signatureSkewSeconds) * 1000 + 1000))) {
    throw new AppError(openApiErrors.nonceReused);
  }
  return row;
}

async function keyOfRequest(deps: Pick<ServiceDeps, 'db' | 'config'>, request: OpenRequestCredentials, now: number): Promise<ApiKeyRow> {
  const apiKey = headerOf(request.headers, openApiHeaders.apiKey);
  const keyIdText = headerOf(request.headers, openApiHeaders.keyId);
  if (apiKey !== null) return byHeaderKey(deps, apiKey);
  if (keyIdText !== null) return bySignature(deps, request, keyIdText.trim(), now);
  throw new AppError(openApiErrors.missingKey);
}

/** The key a request names (the id in X-Api-Key, or X-Api-Key-Id), whether or not it proves it. */
function keyIdNamedIn(request: OpenRequestCredentials): number | null {
  const apiKey = headerOf(request.headers, openApiHeaders.apiKey);
  if (apiKey !== null) return keyIdNamedBy(apiKey);
  const keyIdText = headerOf(request.headers, openApiHeaders.keyId)?.trim() ?? '';
  return keyIdPattern.test(keyIdText) ? Number(keyIdText) : null;
}

/**
 * Failures are counted per address and key named: one count for each key of this store (revoked
 * ones too), one for everything else (no key, a malformed one, an id no key has), so a program
 * sending an old or mistyped key never makes another key's requests fail.
 */
async function failureCountKeyOf(deps: Pick<ServiceDeps, 'db'>, request: OpenRequestCredentials, ip: string): Promise<string> {
  const keyId = keyIdNamedIn(request);
  const row = keyId !== null && keyId <= largestKeyId ? await findApiKey(deps.db, keyId) : undefined;
  return row ? `open-api:auth-fail:${ip}:key:${row.id}` : `open-api:auth-fail:${ip}:unknown`;
}

/** A failed check, counted; past the limit the answer is 429 (openApi.tooManyFailures) instead, naming no check that failed. */
async function countedFailure(deps: AuthDeps, request: OpenRequestCredentials, ip: string, now: number, failure: AppError): Promise<AppError> {
  const counted = await deps.counters.consumeSliding(
    { key: await failureCountKeyOf(deps, request, ip), limit: apiKeyLimits.failedChecksPerMinute, windowSeconds: 60, countsRefused: true },
    now,
  );
  if (counted.isAllowed) return failure;
  return new AppError(openApiErrors.tooManyFailures, undefined, { retryAfterSeconds: Math.max(1, secondsOf(counted.msUntilAllowed)) });
}

/**
 * X-Api-Key, or a signed request (X-Api-Key-Id, X-Timestamp, X-Nonce, X-Signature). Every
 * credential is checked, and a right one always passes: the failure limit never locks out a valid
 * key, whatever others sent from the same address. What keeps guessing expensive is the secret,
 * 256 random bits (an indexed read and a hash per guess never add up to a find); the limit tells a
 * program that keeps failing to stop (429 with Retry-After, sliding over 60 seconds, refused
 * attempts counted too) and stops answering which check failed.
 */
export async function authenticateOpenRequest(
  deps: AuthDeps,
  request: OpenRequestCredentials,
  ip: string,
  now = deps.counters.clock.now(),
): Promise<OpenCaller> {
  const row = await keyOfRequest(deps, request, now).catch(async (error: unknown) => {
    throw error instanceof AppError ? await countedFailure(deps, request, ip, now, error) : error;
  });
  // Asked per request, after the key is proved (a guess learns nothing): enabling the member again restores the keys.
  if (await isMemberDisabled(deps.db, row.userId)) throw new AppError(openApiErrors.memberDisabled);
  await touchApiKey(deps.db, row.id, now, lastUsedEveryMs);
  return { keyId: row.id, userId: row.userId, isSandbox: row.isSandbox === 1 };
}
