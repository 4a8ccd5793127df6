import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/**
 * The Idempotency-Keys of POST /open/v1/orders: the only SQL of api_idempotency_keys. Their states
 * (contract/api-idempotency-key-lifecycle.ts): 处理中 while answer_json is null, 已完成 once it is stored;
 * released and expired keys are deleted rows.
 */

export interface IdempotencyScope {
  userId: number;
  isSandbox: boolean;
  idempotencyKey: string;
}

export interface IdempotencyRow {
  claim: string;
  requestHash: string;
  answerJson: string | null;
}

function keyOf(scope: IdempotencyScope) {
  return { userId: scope.userId, isSandbox: scope.isSandbox ? 1 : 0, idempotencyKey: scope.idempotencyKey };
}

function whereScope(db: Kysely<Database>, scope: IdempotencyScope) {
  return db
    .selectFrom('apiIdempotencyKeys')
    .select(['claim', 'requestHash', 'answerJson'])
    .where('userId', '=', scope.userId)
    .where('isSandbox', '=', scope.isSandbox ? 1 : 0)
    .where('idempotencyKey', '=', scope.idempotencyKey);
}

/**
 * The key's row: this request's (inserted now) or the first request's. The primary key decides,
 * so of any number of requests racing with one key, all read the same row.
 */
export async function claimIdempotencyKey(
  db: Kysely<Database>,
  scope: IdempotencyScope,
  fresh: { claim: string; requestHash: string; now: number; expiresAt: number },
): Promise<IdempotencyRow> {
  await db
    .deleteFrom('apiIdempotencyKeys')
    .where('userId', '=', scope.userId)
    .where('isSandbox', '=', scope.isSandbox ? 1 : 0)
    .where('idempotencyKey', '=', scope.idempotencyKey)
    .where('expiresAt', '<=', fresh.now)
    .execute();
  await db
    .insertInto('apiIdempotencyKeys')
    .values({
      userId: scope.userId,
      isSandbox: scope.isSandbox ? 1 : 0,
      idempotencyKey: scope.idempotencyKey,
      claim: fresh.claim,
      requestHash: fresh.requestHash,
      answerJson: null,
      createdAt: fresh.now,
      expiresAt: fresh.expiresAt,
    })
    .onConflict((conflict) => conflict.columns(['userId', 'isSandbox', 'idempotencyKey']).doNothing())
    .execute();
  return whereScope(db, scope).executeTakeFirstOrThrow();
}

/**
 * Keeps the first answer (complete): a racing request that placed nothing new finds it and answers it
 * too. Should the key have been released meanwhile (a racing request's placement failed before this
 * one's order was visible), the row comes back with this answer, unless the key was claimed again.
 */
export async function saveIdempotentAnswer(
  db: Kysely<Database>,
  scope: IdempotencyScope,
  claimed: { claim: string; requestHash: string; now: number; expiresAt: number },
  answerJson: string,
): Promise<string> {
  await db
    .updateTable('apiIdempotencyKeys')
    .set({ answerJson })
    .where('userId', '=', scope.userId)
    .where('isSandbox', '=', scope.isSandbox ? 1 : 0)
    .where('idempotencyKey', '=', scope.idempotencyKey)
    .where('claim', '=', claimed.claim)
    .where('answerJson', 'is', null)
    .execute();
  await db
    .insertInto('apiIdempotencyKeys')
    .values({ ...keyOf(scope), claim: claimed.claim, requestHash: claimed.requestHash, answerJson, createdAt: claimed.now, expiresAt: claimed.expiresAt })
    .onConflict((conflict) => conflict.columns(['userId', 'isSandbox', 'idempotencyKey']).doNothing())
    .execute();
  const row = await whereScope(db, scope).executeTakeFirst();
  return row?.claim === claimed.claim ? (row.answerJson ?? answerJson) : answerJson;
}

/**
 * Releases the key after a failed placement (release): its row goes, unless an order exists under
 * its claim (a racing request with the same body placed it) or its answer is stored.
 */
export async function releaseIdempotencyKey(db: Kysely<Database>, scope: IdempotencyScope, claim: string): Promise<boolean> {
  const result = await db
    .deleteFrom('apiIdempotencyKeys')
    .where('userId', '=', scope.userId)
    .where('isSandbox', '=', scope.isSandbox ? 1 : 0)
    .where('idempotencyKey', '=', scope.idempotencyKey)
    .where('claim', '=', claim)
    .where('answerJson', 'is', null)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('orders').select('orders.id').where('orders.userId', '=', scope.userId).where('orders.idempotencyKey', '=', claim))),
    )
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Whether `claim` still holds the key (a release or expiry deletes its row; a new request claims anew). */
export async function isIdempotencyKeyClaimed(db: Kysely<Database>, scope: IdempotencyScope, claim: string): Promise<boolean> {
  const row = await whereScope(db, scope).where('claim', '=', claim).executeTakeFirst();
  return row !== undefined;
}

/** Keys past their 24 hours (each request also drops its own key's expired row before claiming). */
export async function deleteExpiredIdempotencyKeys(db: Kysely<Database>, now: number): Promise<void> {
  await db.deleteFrom('apiIdempotencyKeys').where('expiresAt', '<=', now).execute();
}
