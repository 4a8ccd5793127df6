import type { Kysely } from 'kysely';
import type { Database } from '../../../db/database.ts';
import type { GraphicCodesTable } from '../account-security.tables.ts';

export type GraphicCodeRow = GraphicCodesTable;

/** A session has one graphic code at a time: a new one replaces the old. */
export async function saveGraphicCode(db: Kysely<Database>, row: GraphicCodeRow, now: number): Promise<void> {
  await db.deleteFrom('graphicCodes').where('expiresAt', '<=', now).execute();
  const { sidHash, ...rest } = row;
  await db
    .insertInto('graphicCodes')
    .values(row)
    .onConflict((conflict) => conflict.column('sidHash').doUpdateSet(rest))
    .execute();
}

/** Removes and returns the session's graphic code: each one is checked once. */
export async function takeGraphicCode(db: Kysely<Database>, sidHash: string): Promise<GraphicCodeRow | undefined> {
  return db.deleteFrom('graphicCodes').where('sidHash', '=', sidHash).returningAll().executeTakeFirst();
}

export async function findGraphicCode(db: Kysely<Database>, sidHash: string): Promise<GraphicCodeRow | undefined> {
  return db.selectFrom('graphicCodes').selectAll().where('sidHash', '=', sidHash).executeTakeFirst();
}
