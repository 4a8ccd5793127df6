import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { dealCondition, keptCentsExpression } from '../order/order-deal.query.ts';

/** The member centre's SQL: the member's profile columns and deals, phone-change grants (the users row is account's: account.service.ts writes it). */

export function findMemberRow(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'userNumber', 'phone', 'nickName', 'passwordHash', 'userImgPath', 'company', 'job', 'email', 'createdAt'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export type MemberRow = NonNullable<Awaited<ReturnType<typeof findMemberRow>>>;

export async function isPhoneTaken(db: Kysely<Database>, phone: string): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirst()) !== undefined;
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
