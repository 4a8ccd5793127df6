import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/** One upsert: the day's row for the keyword counts one more (a busy miss adds to a count, never a row per request). */
export async function countSearchMiss(db: Kysely<Database>, miss: { day: string; keyword: string; at: number }): Promise<void> {
  await db
    .insertInto('searchMisses')
    .values({ day: miss.day, keyword: miss.keyword, count: 1, lastAt: miss.at })
    .onConflict((oc) => oc.columns(['day', 'keyword']).doUpdateSet({ count: sql<number>`search_misses.count + 1`, lastAt: miss.at }))
    .execute();
}

export function findTopSearchMisses(db: Kysely<Database>, fromDay: string, limit: number) {
  return db
    .selectFrom('searchMisses')
    .select(['keyword', sql<number | string>`sum(count)`.as('count')])
    .where('day', '>=', fromDay)
    .groupBy('keyword')
    .orderBy(sql`sum(count)`, 'desc')
    .orderBy('keyword')
    .limit(limit)
    .execute();
}

export function findSearchMissRows(db: Kysely<Database>, fromDay: string) {
  return db.selectFrom('searchMisses').selectAll().where('day', '>=', fromDay).execute();
}
