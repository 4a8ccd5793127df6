import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  apiKeyErrors,
  apiKeyLimits,
  apiKeyPrefix,
  maskedApiKey,
  openApiErrors,
  openApiHeaders,
  type ApiKeyCreated,
  type ApiKeyListData,
  type ApiKeyUsageDay,
  type ApiKeyView,
} from '../../../contract/open-api.ts';
import { dayMs, formatBeijingDate } from '../../../contract/time.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { isMemberDisabled, lockMember } from '../account/account.service.ts';
import {
  claimNonce,
  countActiveApiKeys,
  countApiKeyUsage,
  deleteExpiredNonces,
  findApiKey,
  findApiKeysOfMember,
  findExampleParts,
  findUsageOfKeys,
  insertApiKey,
  revokeApiKey,
  touchApiKey,
  type ApiKeyRow,
  type UsageRow,
} from './open-platform.repository.ts';
import type { ExampleValues } from './open-api.examples.ts';

const lastUsedEveryMs = 60_000;
const keyPattern = new RegExp(`^${apiKeyPrefix}(\\d{1,10})_([A-Za-z0-9_-]{43})$`);

/**
 * The secret is 256 random bits, so a plain SHA-256 is the right hash: slow hashes (argon2,
 * bcrypt) protect guessable passwords; a 256-bit secret cannot be guessed, and every API request
 * would pay the slow hash's CPU.
 */
function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** An HMAC can only be checked with its key: the secret is kept encrypted under a key derived from SESSION_SECRET. */
function cipherKeyOf(sessionSecret: string): Buffer {
  return createHash('sha256').update(`open-api-signing-key:${sessionSecret}`).digest();
}

function encryptSecret(sessionSecret: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', cipherKeyOf(sessionSecret), iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

function decryptSecret(sessionSecret: string, stored: string): string {
  const bytes = Buffer.from(stored, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', cipherKeyOf(sessionSecret), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}

function fullKeyOf(keyId: number, secret: string): string {
  return `${apiKeyPrefix}${keyId}_${secret}`;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Usage days start at midnight Beijing time, as the member reads them. */
function lastDays(now: number, count: number): string[] {
  return Array.from({ length: count }, (_, index) => formatBeijingDate(now - (count - 1 - index) * dayMs));
}

function viewOf(row: ApiKeyRow, usage: readonly UsageRow[], today: string): ApiKeyView {
  const own = usage.filter((entry) => entry.keyId === row.id);
  return {
    keyId: row.id,
    name: row.name,
    maskedKey: maskedApiKey(row.id),
    createdAt: row.createdAt,
    lastUsedAt: row.lastUsedAt,
    revokedAt: row.revokedAt,
    todayCount: own.filter((entry) => entry.day === today).reduce((sum, entry) => sum + entry.requestCount, 0),
    weekCount: own.reduce((sum, entry) => sum + entry.requestCount, 0),
  };
}

/** The /user/api-keys page: the member's keys with today's and the week's requests, and the week day by day. */
export async function listApiKeys(deps: Pick<ServiceDeps, 'db' | 'config'>, userId: number, now = Date.now()): Promise<ApiKeyListData> {
  const rows = await findApiKeysOfMember(deps.db, userId);
  const days = lastDays(now, apiKeyLimits.usageDays);
  const today = days[days.length - 1] ?? formatBeijingDate(now);
  const usage = await findUsageOfKeys(
    deps.db,
    rows.map((row) => row.id),
    days[0] ?? today,
  );
  const perDay: ApiKeyUsageDay[] = days.map((day) => {
    const ofDay = usage.filter((entry) => entry.day === day);
    return {
      day,
      requestCount: ofDay.reduce((sum, entry) => sum + entry.requestCount, 0),
      limitedCount: ofDay.reduce((sum, entry) => sum + entry.limitedCount, 0),
    };
  });
  return {
    keys: rows.map((row) => viewOf(row, usage, today)),
    activeCount: rows.filter((row) => row.revokedAt === null).length,
    usage: perDay,
    ratePerMinute: deps.config.openApiRatePerMinute,
  };
}

/** A new key, at most 5 active per member (counted under the member's lock, so two at once cannot make a sixth). */
export async function createApiKey(deps: Pick<ServiceDeps, 'db' | 'config'>, userId: number, name: string, now = Date.now()): Promise<ApiKeyCreated> {
  const secret = randomBytes(32).toString('base64url');
  const keyId = await withTransaction(deps.db, async (trx) => {
    await lockMember(trx, userId);
    if ((await countActiveApiKeys(trx, userId)) >= apiKeyLimits.activePerMember) throw new AppError(apiKeyErrors.tooMany);
    return insertApiKey(trx, { userId, name, secretHash: hashSecret(secret), secretCipher: encryptSecret(deps.config.sessionSecret, secret), createdAt: now });
  });
  const view: ApiKeyView = { keyId, name, maskedKey: maskedApiKey(keyId), createdAt: now, lastUsedAt: null, revokedAt: null, todayCount: 0, weekCount: 0 };
  return { key: fullKeyOf(keyId, secret), view };
}

export async function revokeMemberApiKey(deps: Pick<ServiceDeps, 'db' | 'config'>, userId: number, keyId: number, now = Date.now()): Promise<ApiKeyListData> {
  const row = await findApiKey(deps.db, keyId);
  if (row?.userId !== userId) throw new AppError(apiKeyErrors.notFound);
  await revokeApiKey(deps.db, userId, keyId, now);
  return listApiKeys(deps, userId, now);
}

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
  const match = keyPattern.exec(apiKey.trim());
  if (!match?.[1] || !match[2]) throw new AppError(openApiErrors.badKey);
  const row = await activeKey(deps, Number(match[1]));
  if (!sameText(row.secretHash, hashSecret(match[2]))) throw new AppError(openApiErrors.badKey);
  return row;
}

const noncePattern = /^[A-Za-z0-9_-]{16,64}$/;

async function bySignature(deps: Pick<ServiceDeps, 'db' | 'config'>, request: OpenRequestCredentials, keyIdText: string, now: number): Promise<ApiKeyRow> {
  const timestamp = headerOf(request.headers, openApiHeaders.timestamp) ?? '';
  const nonce = headerOf(request.headers, openApiHeaders.nonce) ?? '';
  const signature = headerOf(request.headers, openApiHeaders.signature) ?? '';
  if (!/^\d{1,10}$/.test(keyIdText)) throw new AppError(openApiErrors.badKey);
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(now / 1000 - Number(timestamp)) > apiKeyLimits.signatureSkewSeconds) {
    throw new AppError(openApiErrors.staleTimestamp);
  }
  if (!noncePattern.test(nonce) || !/^[0-9a-f]{64}$/i.test(signature)) throw new AppError(openApiErrors.badSignature);
  const row = await activeKey(deps, Number(keyIdText));
  const apiKey = fullKeyOf(row.id, decryptSecret(deps.config.sessionSecret, row.secretCipher));
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

const rateWindowSeconds = 60;

function secondsToWindowEnd(now: number): number {
  const windowMs = rateWindowSeconds * 1000;
  return Math.max(1, Math.ceil((Math.floor(now / windowMs) * windowMs + windowMs - now) / 1000));
}

const failedAuthKey = (ip: string) => `open-api:auth-fail:ip:${ip}`;

/**
 * X-Api-Key, or a signed request (X-Api-Key-Id, X-Timestamp, X-Nonce, X-Signature). An address
 * with 30 failed checks in the minute is refused until the minute ends (openApi.tooManyFailures,
 * `data.retryAfterSeconds`), its good keys too. Unlike the other limits, only failures are
 * counted and the count is read before checking: counting every request first (as the login
 * does) would refuse a program's 31st concurrent good request. Guesses already in flight when
 * the limit is reached may still be checked; a 256-bit secret is not guessed that way anyway.
 */
export async function authenticateOpenRequest(
  deps: Pick<ServiceDeps, 'db' | 'config' | 'counters'>,
  request: OpenRequestCredentials,
  ip: string,
  now = deps.counters.clock.now(),
): Promise<OpenCaller> {
  const { failedAuthPerIpPerMinute } = apiKeyLimits;
  if ((await deps.counters.peek(failedAuthKey(ip), rateWindowSeconds, now)) >= failedAuthPerIpPerMinute) {
    throw new AppError(openApiErrors.tooManyFailures, undefined, { retryAfterSeconds: secondsToWindowEnd(now) });
  }
  const row = await keyOfRequest(deps, request, now).catch(async (error: unknown) => {
    if (error instanceof AppError) await deps.counters.consume(failedAuthKey(ip), failedAuthPerIpPerMinute, rateWindowSeconds, now);
    throw error;
  });
  // Asked per request, after the key is proved (a guess learns nothing): enabling the member again restores the keys.
  if (await isMemberDisabled(deps.db, row.userId)) throw new AppError(openApiErrors.memberDisabled);
  await touchApiKey(deps.db, row.id, now, lastUsedEveryMs);
  return { keyId: row.id, userId: row.userId };
}

/**
 * Counts the request against the key's per-minute limit (the app's counter store: Redis when
 * configured, else the database) and in the key's usage of the day; over the limit it throws
 * openApi.rateLimited with the seconds until the window turns in `data.retryAfterSeconds`.
 */
export async function takeOpenApiQuota(deps: Pick<ServiceDeps, 'db' | 'config' | 'counters'>, keyId: number, now = deps.counters.clock.now()): Promise<void> {
  const { isAllowed } = await deps.counters.consume(`open-api:key:${keyId}`, deps.config.openApiRatePerMinute, rateWindowSeconds, now);
  await countApiKeyUsage(deps.db, keyId, formatBeijingDate(now), !isAllowed);
  if (!isAllowed) throw new AppError(openApiErrors.rateLimited, undefined, { retryAfterSeconds: secondsToWindowEnd(now) });
}

/** What the examples of /api/index ask about: real parts of this store, so a copied example answers. */
export async function exampleValuesOf(deps: Pick<ServiceDeps, 'db'>): Promise<ExampleValues> {
  const [first, second] = await findExampleParts(deps.db);
  const partNumber = first?.code ?? 'STM32F103C8T6';
  return { keyword: partNumber.slice(0, 5), productId: first?.id ?? 1, partNumber, otherPartNumber: second?.code ?? 'RC0603FR-0710KL' };
}
