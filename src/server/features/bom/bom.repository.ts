import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { BomRow, BomsTable } from './bom.tables.ts';

/** Saved BOMs and remembered column mappings: the only SQL of the BOM feature. */

export type BomColumns = Omit<Insertable<BomsTable>, 'id' | 'userId' | 'createdAt'>;

export async function insertBom(db: Kysely<Database>, userId: number, bom: BomColumns, now: number): Promise<number> {
  const row = await db
    .insertInto('boms')
    .values({ ...bom, userId, createdAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Replaces the member's BOM in one statement; false when it is not theirs (or gone). */
export async function updateBom(db: Kysely<Database>, userId: number, bomId: number, bom: BomColumns): Promise<boolean> {
  const result = await db.updateTable('boms').set(bom).where('id', '=', bomId).where('userId', '=', userId).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function findMemberBom(db: Kysely<Database>, userId: number, bomId: number): Promise<BomRow | undefined> {
  return db.selectFrom('boms').selectAll().where('id', '=', bomId).where('userId', '=', userId).executeTakeFirst();
}

export type BomListRow = Omit<BomRow, 'sheetJson' | 'optionsJson' | 'choicesJson'>;

export function findMemberBomPage(db: Kysely<Database>, userId: number, offset: number, limit: number): Promise<BomListRow[]> {
  return db
    .selectFrom('boms')
    .select(['id', 'userId', 'name', 'fileName', 'lineCount', 'matchedCount', 'matchRatePermille', 'totalCents', 'createdAt', 'updatedAt'])
    .where('userId', '=', userId)
    .orderBy('updatedAt', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function countMemberBoms(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('boms')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function deleteMemberBom(db: Kysely<Database>, userId: number, bomId: number): Promise<boolean> {
  const result = await db.deleteFrom('boms').where('id', '=', bomId).where('userId', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function findColumnMapping(db: Kysely<Database>, userId: number, headerKey: string): Promise<string | undefined> {
  const row = await db.selectFrom('bomColumnMappings').select('mappingJson').where('userId', '=', userId).where('headerKey', '=', headerKey).executeTakeFirst();
  return row?.mappingJson;
}

/** One statement: two saves of the same header leave one row, the later mapping. */
export async function upsertColumnMapping(db: Kysely<Database>, userId: number, headerKey: string, mappingJson: string, now: number): Promise<void> {
  await db
    .insertInto('bomColumnMappings')
    .values({ userId, headerKey, mappingJson, updatedAt: now })
    .onConflict((conflict) => conflict.columns(['userId', 'headerKey']).doUpdateSet({ mappingJson, updatedAt: now }))
    .execute();
}
