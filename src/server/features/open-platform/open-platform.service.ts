import {
  apiKeyErrors,
  apiKeyLimits,
  maskedApiKey,
  type ApiKeyCreated,
  type ApiKeyListData,
  type ApiKeyUsageDay,
  type ApiKeyView,
} from '../../../contract/open-api.ts';
import { dayMs, formatBeijingDate } from '../../../contract/time.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { lockMember } from '../account/account.service.ts';
import { encryptSecret, fullKeyOf, hashSecret, newSecret } from './api-key-secret.ts';
import {
  countActiveApiKeys,
  findApiKey,
  findApiKeysOfMember,
  findExampleParts,
  findUsageOfKeys,
  insertApiKey,
  revokeApiKey,
  type ApiKeyRow,
  type UsageRow,
} from './open-platform.repository.ts';
import type { ExampleValues } from './open-api.examples.ts';

/** Usage days start at midnight Beijing time, as the member reads them. */
function lastDays(now: number, count: number): string[] {
  return Array.from({ length: count }, (_, index) => formatBeijingDate(now - (count - 1 - index) * dayMs));
}

function viewOf(row: ApiKeyRow, usage: readonly UsageRow[], today: string): ApiKeyView {
  const own = usage.filter((entry) => entry.keyId === row.id);
  return {
    keyId: row.id,
    name: row.name,
    maskedKey: maskedApiKey(row.id, row.isSandbox === 1),
    createdAt: row.createdAt,
    lastUsedAt: row.lastUsedAt,
    revokedAt: row.revokedAt,
    isSandbox: row.isSandbox === 1,
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
    activeCount: rows.filter((row) => row.revokedAt === null && row.isSandbox === 0).length,
    sandboxActiveCount: rows.filter((row) => row.revokedAt === null && row.isSandbox === 1).length,
    usage: perDay,
    ratePerMinute: deps.config.openApiRatePerMinute,
  };
}

/**
 * A new key, at most 5 active live and 5 active sandbox keys per member (counted under the member's
 * lock, so two at once cannot make a sixth).
 */
export async function createApiKey(
  deps: Pick<ServiceDeps, 'db' | 'config'>,
  userId: number,
  request: { name: string; isSandbox: boolean },
  now = Date.now(),
): Promise<ApiKeyCreated> {
  const { name, isSandbox } = request;
  const secret = newSecret();
  const keyId = await withTransaction(deps.db, async (trx) => {
    await lockMember(trx, userId);
    if ((await countActiveApiKeys(trx, userId, isSandbox)) >= apiKeyLimits.activePerMember) {
      throw new AppError(isSandbox ? apiKeyErrors.tooManySandbox : apiKeyErrors.tooMany);
    }
    const secretCipher = encryptSecret(deps.config.sessionSecret, secret);
    return insertApiKey(trx, { userId, name, secretHash: hashSecret(secret), secretCipher, createdAt: now, isSandbox: isSandbox ? 1 : 0 });
  });
  const maskedKey = maskedApiKey(keyId, isSandbox);
  const view: ApiKeyView = { keyId, name, maskedKey, createdAt: now, lastUsedAt: null, revokedAt: null, isSandbox, todayCount: 0, weekCount: 0 };
  return { key: fullKeyOf(keyId, secret, isSandbox), view };
}

export async function revokeMemberApiKey(deps: Pick<ServiceDeps, 'db' | 'config'>, userId: number, keyId: number, now = Date.now()): Promise<ApiKeyListData> {
  const row = await findApiKey(deps.db, keyId);
  if (row?.userId !== userId) throw new AppError(apiKeyErrors.notFound);
  await revokeApiKey(deps.db, userId, keyId, now);
  return listApiKeys(deps, userId, now);
}

/** What the examples of /api/index ask about: real parts of this store, so a copied example answers. */
export async function exampleValuesOf(deps: Pick<ServiceDeps, 'db'>): Promise<ExampleValues> {
  const [first, second] = await findExampleParts(deps.db);
  const partNumber = first?.code ?? 'STM32F103C8T6';
  return { keyword: partNumber.slice(0, 5), productId: first?.id ?? 1, partNumber, otherPartNumber: second?.code ?? 'RC0603FR-0710KL' };
}
