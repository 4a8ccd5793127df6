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
  /** null for a member's own list; the company's id for a list shared inside it. */
  companyId: number | null;
  ownerNickName: string;
  ownerUserNumber: string;
}
export type PurchaseListLineRow = Selectable<PurchaseListLinesTable>;
export type NewPurchaseListLine = Omit<Insertable<PurchaseListLinesTable>, 'id' | 'listId' | 'createdAt'>;

/** Who is asking: a member, and the company they belong to now (企业账户), if any. */
export interface ListViewer {
  userId: number;
  companyId: number | null;
}

const listColumns = [
  'pl.id',
  'pl.name',
  'pl.source',
  'pl.sourceRef',
  'pl.createdAt',
  'pl.updatedAt',
  'pl.companyId',
  'owner.nickName as ownerNickName',
  'owner.userNumber as ownerUserNumber',
] as const;

/**
 * The lists a member sees: their own (company_id null) and, in a company, the company's. The one
 * place that says so; whether they may change a shared one is their company role's (decision 0027).
 */
function listsOf(db: Kysely<Database>, viewer: ListViewer) {
  return db
    .selectFrom('purchaseLists as pl')
    .innerJoin('users as owner', 'owner.id', 'pl.userId')
    .where((eb) => {
      const own = eb.and([eb('pl.userId', '=', viewer.userId), eb('pl.companyId', 'is', null)]);
      return viewer.companyId === null ? own : eb.or([own, eb('pl.companyId', '=', viewer.companyId)]);
    });
}

export async function insertList(
  db: Kysely<Database>,
  owner: ListViewer,
  list: { name: string; source: PurchaseListSource; sourceRef: string | null },
  now: number,
): Promise<number> {
  const row = await db
    .insertInto('purchaseLists')
    .values({ userId: owner.userId, companyId: owner.companyId, ...list, createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The lists where a new one would go: the member's own (companyId null), or the company's. */
export async function countListsInScope(db: Kysely<Database>, scope: ListViewer): Promise<number> {
  const row = await db
    .selectFrom('purchaseLists')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where((eb) => (scope.companyId === null ? eb.and([eb('userId', '=', scope.userId), eb('companyId', 'is', null)]) : eb('companyId', '=', scope.companyId)))
    .executeTakeFirst();
  return row?.count ?? 0;
}

/** The lists the member sees with their line counts, most recently changed first. */
export async function findListsOf(db: Kysely<Database>, viewer: ListViewer): Promise<(PurchaseListRow & { lineCount: number })[]> {
  const rows = await listsOf(db, viewer)
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

export function findListOf(db: Kysely<Database>, viewer: ListViewer, listId: number): Promise<PurchaseListRow | undefined> {
  return listsOf(db, viewer).select(listColumns).where('pl.id', '=', listId).executeTakeFirst();
}

export async function renameList(db: Kysely<Database>, viewer: ListViewer, listId: number, name: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('purchaseLists')
    .set({ name, updatedAt: now })
    .where('id', '=', listId)
    .where('id', 'in', listsOf(db, viewer).select('pl.id'))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Its lines go with it (on delete cascade). */
export async function deleteList(db: Kysely<Database>, viewer: ListViewer, listId: number): Promise<boolean> {
  const result = await db.deleteFrom('purchaseLists').where('id', '=', listId).where('id', 'in', listsOf(db, viewer).select('pl.id')).executeTakeFirst();
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
