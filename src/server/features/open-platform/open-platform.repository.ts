import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

export interface ApiKeyRow {
  id: number;
  userId: number;
  name: string;
  secretHash: string;
  secretCipher: string;
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
  isSandbox: number;
}

export async function insertApiKey(
  db: Kysely<Database>,
  row: { userId: number; name: string; secretHash: string; secretCipher: string; createdAt: number; isSandbox: number },
): Promise<number> {
  const { id } = await db.insertInto('apiKeys').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function countActiveApiKeys(db: Kysely<Database>, userId: number, isSandbox: boolean): Promise<number> {
  const row = await db
    .selectFrom('apiKeys')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('userId', '=', userId)
    .where('isSandbox', '=', isSandbox ? 1 : 0)
    .where('revokedAt', 'is', null)
    .executeTakeFirstOrThrow();
  return row.count;
}

/** The member's keys, newest first (revoked ones too: their usage stays visible). */
export function findApiKeysOfMember(db: Kysely<Database>, userId: number): Promise<ApiKeyRow[]> {
  return db.selectFrom('apiKeys').selectAll().where('userId', '=', userId).orderBy('createdAt', 'desc').orderBy('id', 'desc').execute();
}

export function findApiKey(db: Kysely<Database>, keyId: number): Promise<ApiKeyRow | undefined> {
  return db.selectFrom('apiKeys').selectAll().where('id', '=', keyId).executeTakeFirst();
}

/** True when this call revoked it (a second revoke, or another member's key, changes nothing). */
export async function revokeApiKey(db: Kysely<Database>, userId: number, keyId: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('apiKeys')
    .set({ revokedAt: now })
    .where('id', '=', keyId)
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Written at most once a minute per key: every request writing the same row would queue them. */
export async function touchApiKey(db: Kysely<Database>, keyId: number, now: number, everyMs: number): Promise<void> {
  await db
    .updateTable('apiKeys')
    .set({ lastUsedAt: now })
    .where('id', '=', keyId)
    .where((eb) => eb.or([eb('lastUsedAt', 'is', null), eb('lastUsedAt', '<', now - everyMs)]))
    .execute();
}

/** One more request (or one more refused request) of the key that day: an upsert, atomic on both engines. */
export async function countApiKeyUsage(db: Kysely<Database>, keyId: number, day: string, isLimited: boolean): Promise<void> {
  await db
    .insertInto('apiKeyUsage')
    .values({ keyId, day, requestCount: isLimited ? 0 : 1, limitedCount: isLimited ? 1 : 0 })
    .onConflict((conflict) =>
      conflict
        .columns(['keyId', 'day'])
        .doUpdateSet(
          isLimited ? { limitedCount: sql<number>`api_key_usage.limited_count + 1` } : { requestCount: sql<number>`api_key_usage.request_count + 1` },
        ),
    )
    .execute();
}

export interface UsageRow {
  keyId: number;
  day: string;
  requestCount: number;
  limitedCount: number;
}

export function findUsageOfKeys(db: Kysely<Database>, keyIds: readonly number[], fromDay: string): Promise<UsageRow[]> {
  if (keyIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('apiKeyUsage')
    .select(['keyId', 'day', 'requestCount', 'limitedCount'])
    .where('keyId', 'in', keyIds)
    .where('day', '>=', fromDay)
    .execute();
}

/** False when the key already used the nonce: the primary key decides, so two requests racing with one nonce cannot both pass. */
export async function claimNonce(db: Kysely<Database>, keyId: number, nonce: string, expiresAt: number): Promise<boolean> {
  const inserted = await db
    .insertInto('apiKeyNonces')
    .values({ keyId, nonce, expiresAt })
    .onConflict((conflict) => conflict.columns(['keyId', 'nonce']).doNothing())
    .returning('nonce')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function deleteExpiredNonces(db: Kysely<Database>, now: number): Promise<void> {
  await db.deleteFrom('apiKeyNonces').where('expiresAt', '<', now).execute();
}

/** Two parts in stock, for the examples of /api/index. */
export function findExampleParts(db: Kysely<Database>): Promise<{ id: number; code: string }[]> {
  return db.selectFrom('products').select(['id', 'code']).where('stock', '>', 0).orderBy('id').limit(2).execute();
}
