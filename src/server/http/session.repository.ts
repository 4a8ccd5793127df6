import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { preparedQuery } from '../db/prepared-query.ts';

export async function insertSession(db: Kysely<Database>, row: { id: string; userId: number; createdAt: number; expiresAt: number }) {
  await db.insertInto('sessions').values(row).execute();
}

/** Read on every member's request: compiled once (db/prepared-query.ts). */
const sessionUserIdQuery = preparedQuery((db: Kysely<Database>, id: string, now: number) =>
  db.selectFrom('sessions').select('userId').where('id', '=', id).where('expiresAt', '>', now),
);

export async function findSessionUserId(db: Kysely<Database>, id: string, now: number): Promise<number | null> {
  const [row] = await sessionUserIdQuery(db, id, now);
  return row?.userId ?? null;
}

export async function deleteSession(db: Kysely<Database>, id: string) {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

export async function deleteExpiredSessions(db: Kysely<Database>, now: number) {
  await db.deleteFrom('sessions').where('expiresAt', '<=', now).execute();
}

export async function deleteSessionsOfUser(db: Kysely<Database>, userId: number) {
  await db.deleteFrom('sessions').where('userId', '=', userId).execute();
}

/** Every session of the member but one (the browser asking stays signed in). */
export async function deleteSessionsOfUserExcept(db: Kysely<Database>, userId: number, keptId: string) {
  await db.deleteFrom('sessions').where('userId', '=', userId).where('id', '<>', keptId).execute();
}

export async function countLiveSessionsOfUserExcept(db: Kysely<Database>, userId: number, exceptId: string, now: number): Promise<number> {
  const row = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('userId', '=', userId)
    .where('id', '<>', exceptId)
    .where('expiresAt', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
