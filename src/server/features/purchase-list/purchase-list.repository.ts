import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { PurchaseListSource } from '../../../contract/purchase-list.ts';
import { maxPurchaseQuantity } from '../../../contract/pricing.ts';
import type { Database } from '../../db/database.ts';
import type { PurchaseListLinesTable } from './purchase-list.tables.ts';

export interface PurchaseListRow {
  id: number;
  name: string;
  source: PurchaseListSource;
  sourceRef: string | null;
  createdAt: number;
  updatedAt: number;
}
export type PurchaseListLineRow = Selectable<PurchaseListLinesTable>;
export type NewPurchaseListLine = Omit<Insertable<PurchaseListLinesTable>, 'id' | 'listId' | 'createdAt'>;

const listColumns = ['pl.id', 'pl.name', 'pl.source', 'pl.sourceRef', 'pl.createdAt', 'pl.updatedAt'] as const;

/**
 * The lists a member may see and change: their own. The one place that says so, for when lists are
 * shared inside a company (purchase_lists.company_id).
 */
function listsOf(db: Kysely<Database>, userId: number) {
  return db.selectFrom('purchaseLists as pl').where('pl.userId', '=', userId);
}

export async function insertList(
  db: Kysely<Database>,
  userId: number,
  list: { name: string; source: PurchaseListSource; sourceRef: string | null },
  now: number,
): Promise<number> {
  const row = await db
    .insertInto('purchaseLists')
    .values({ userId, companyId: null, ...list, createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function countListsOfUser(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await listsOf(db, userId)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirst();
  return row?.count ?? 0;
}

/** The member's lists with their line counts, most recently changed first. */
export async function findListsOfUser(db: Kysely<Database>, userId: number): Promise<(PurchaseListRow & { lineCount: number })[]> {
  const rows = await listsOf(db, userId)
    .select(listColumns)
    .select((eb) =>
      eb
        .selectFrom('purchaseListLines as l')
        .select((count) => count.fn.countAll<number>().as('n'))
        .whereRef('l.listId', '=', 'pl.id')
        .as('lineCount'),
    )
    .orderBy('pl.updatedAt', 'desc')
    .orderBy('pl.id', 'desc')
    .execute();
  return rows.map((row) => ({ ...row, lineCount: row.lineCount ?? 0 }));
}

export function findListOfUser(db: Kysely<Database>, userId: number, listId: number): Promise<PurchaseListRow | undefined> {
  return listsOf(db, userId).select(listColumns).where('pl.id', '=', listId).executeTakeFirst();
}

export async function renameList(db: Kysely<Database>, userId: number, listId: number, name: string, now: number): Promise<boolean> {
  const result = await db.updateTable('purchaseLists').set({ name, updatedAt: now }).where('id', '=', listId).where('userId', '=', userId).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Its lines go with it (on delete cascade). */
export async function deleteList(db: Kysely<Database>, userId: number, listId: number): Promise<boolean> {
  const result = await db.deleteFrom('purchaseLists').where('id', '=', listId).where('userId', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function touchList(db: Kysely<Database>, listId: number, now: number): Promise<void> {
  await db.updateTable('purchaseLists').set({ updatedAt: now }).where('id', '=', listId).execute();
}

/** Oldest first: the order they were saved or added in. */
export function findLines(db: Kysely<Database>, listId: number): Promise<PurchaseListLineRow[]> {
  return db.selectFrom('purchaseListLines').selectAll().where('listId', '=', listId).orderBy('id').execute();
}

export async function countLines(db: Kysely<Database>, listId: number): Promise<number> {
  const row = await db
    .selectFrom('purchaseListLines')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('listId', '=', listId)
    .executeTakeFirst();
  return row?.count ?? 0;
}

export async function insertLines(db: Kysely<Database>, listId: number, lines: readonly NewPurchaseListLine[], now: number): Promise<void> {
  if (lines.length === 0) return;
  await db
    .insertInto('purchaseListLines')
    .values(lines.map((line) => ({ ...line, listId, createdAt: now })))
    .execute();
}

/**
 * Adds a part to a list in one statement: a part already on it gets the quantity added (up to the
 * most a line may hold), keeping its saved price and stock, so nothing is lost to a concurrent add.
 */
export async function addLine(db: Kysely<Database>, listId: number, line: NewPurchaseListLine, now: number): Promise<void> {
  await db
    .insertInto('purchaseListLines')
    .values({ ...line, listId, createdAt: now })
    .onConflict((conflict) =>
      conflict.columns(['listId', 'productId']).doUpdateSet({
        quantity: sql<number>`case when purchase_list_lines.quantity + excluded.quantity > ${sql.lit(maxPurchaseQuantity)} then ${sql.lit(maxPurchaseQuantity)}
          else purchase_list_lines.quantity + excluded.quantity end`,
      }),
    )
    .execute();
}

export async function updateLine(
  db: Kysely<Database>,
  listId: number,
  lineId: number,
  values: { quantity: number; customerPartNo: string; savedUnitPriceE4: number | null },
): Promise<boolean> {
  const result = await db.updateTable('purchaseListLines').set(values).where('id', '=', lineId).where('listId', '=', listId).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteLines(db: Kysely<Database>, listId: number, lineIds: readonly number[]): Promise<number> {
  if (lineIds.length === 0) return 0;
  const result = await db.deleteFrom('purchaseListLines').where('listId', '=', listId).where('id', 'in', lineIds).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export function findLine(db: Kysely<Database>, listId: number, lineId: number): Promise<PurchaseListLineRow | undefined> {
  return db.selectFrom('purchaseListLines').selectAll().where('listId', '=', listId).where('id', '=', lineId).executeTakeFirst();
}
