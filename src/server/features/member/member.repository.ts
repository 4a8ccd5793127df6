import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { dealCondition, keptCentsExpression } from '../order/order-deal.ts';

/** The member centre's SQL: the member's profile columns, login records, phone-change grants. */

/** better-sqlite3's and PostgreSQL's (23505) code for a row a unique index refuses. */
function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  return error.code === 'SQLITE_CONSTRAINT_UNIQUE' || error.code === '23505';
}

export function findMemberRow(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'userNumber', 'phone', 'nickName', 'passwordHash', 'userImgPath', 'company', 'job', 'email', 'createdAt'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export type MemberRow = NonNullable<Awaited<ReturnType<typeof findMemberRow>>>;

export async function updateProfileColumns(
  db: Kysely<Database>,
  userId: number,
  profile: { nickName: string; company: string | null; job: string | null; email: string | null },
): Promise<void> {
  await db.updateTable('users').set(profile).where('id', '=', userId).execute();
}

export async function updateAvatarPath(db: Kysely<Database>, userId: number, userImgPath: string): Promise<void> {
  await db.updateTable('users').set({ userImgPath }).where('id', '=', userId).execute();
}

/**
 * The new hash, only while the member's hash is still `expected` (null: no password yet): of two
 * concurrent changes from one old password, or two first passwords, one is written. False otherwise.
 */
export async function replacePasswordHash(db: Kysely<Database>, userId: number, expected: string | null, passwordHash: string): Promise<boolean> {
  const query = db.updateTable('users').set({ passwordHash }).where('id', '=', userId);
  const guarded = expected === null ? query.where('passwordHash', 'is', null) : query.where('passwordHash', '=', expected);
  const result = await guarded.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function isPhoneTaken(db: Kysely<Database>, phone: string): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirst()) !== undefined;
}

/** The member's new phone; false when another member has it (the unique phone decides, also under a race). */
export async function updatePhone(db: Kysely<Database>, userId: number, phone: string): Promise<boolean> {
  try {
    const result = await db.updateTable('users').set({ phone }).where('id', '=', userId).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** What the member's deals (order-deal.ts) came to, paid less refunded, in fen: the member level's measure. */
export async function sumPaidCents(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select(sql<string | number | null>`sum(${keptCentsExpression('orders')})`.as('total'))
    .where('userId', '=', userId)
    .where(dealCondition('orders'))
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

export async function insertLoginRecord(
  db: Kysely<Database>,
  record: { userId: number; method: string; ip: string; userAgent: string; createdAt: number },
  kept: number,
): Promise<void> {
  await db.insertInto('loginRecords').values(record).execute();
  // Only the newest `kept` stay; a concurrent login at worst leaves one more until the next.
  const oldestKept = await db
    .selectFrom('loginRecords')
    .select('id')
    .where('userId', '=', record.userId)
    .orderBy('id', 'desc')
    .offset(kept - 1)
    .limit(1)
    .executeTakeFirst();
  if (oldestKept) await db.deleteFrom('loginRecords').where('userId', '=', record.userId).where('id', '<', oldestKept.id).execute();
}

export function listLoginRecords(db: Kysely<Database>, userId: number, limit: number) {
  return db
    .selectFrom('loginRecords')
    .select(['method', 'ip', 'userAgent', 'createdAt'])
    .where('userId', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function savePhoneChangeGrant(db: Kysely<Database>, userId: number, expiresAt: number): Promise<void> {
  await db
    .insertInto('phoneChangeGrants')
    .values({ userId, expiresAt })
    .onConflict((conflict) => conflict.column('userId').doUpdateSet({ expiresAt }))
    .execute();
}

export async function hasLivePhoneChangeGrant(db: Kysely<Database>, userId: number, now: number): Promise<boolean> {
  return (await db.selectFrom('phoneChangeGrants').select('userId').where('userId', '=', userId).where('expiresAt', '>', now).executeTakeFirst()) !== undefined;
}

export async function deletePhoneChangeGrant(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('phoneChangeGrants').where('userId', '=', userId).execute();
}
