import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/** Each member's newest logins (login-record.service.ts). */

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
