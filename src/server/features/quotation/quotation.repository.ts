import type { Insertable, Kysely, Updateable } from 'kysely';
import { quotationStatuses, type QuotationStatus } from '../../../contract/quotation.ts';
import type { Database } from '../../db/database.ts';
import type { QuotationLineRow, QuotationLinesTable, QuotationRow, QuotationsTable } from './quotation.tables.ts';

/** Quotations and their lines: the only SQL of the quotation feature. */

/** better-sqlite3's and PostgreSQL's (23505) code for a row a unique index refuses. */
export function isQuotationNoConflict(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error) || !('message' in error)) return false;
  const isUnique = error.code === 'SQLITE_CONSTRAINT_UNIQUE' || error.code === '23505';
  return isUnique && typeof error.message === 'string' && error.message.includes('quotation_no');
}

export async function insertQuotation(trx: Kysely<Database>, quotation: Omit<Insertable<QuotationsTable>, 'id'>): Promise<number> {
  const row = await trx.insertInto('quotations').values(quotation).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function insertQuotationLines(trx: Kysely<Database>, lines: Omit<Insertable<QuotationLinesTable>, 'id'>[]): Promise<void> {
  // 500 lines × 8 columns stays under SQLite's bound-parameter limit in chunks of 100.
  for (let start = 0; start < lines.length; start += 100) {
    await trx
      .insertInto('quotationLines')
      .values(lines.slice(start, start + 100))
      .execute();
  }
}

export function findQuotationById(db: Kysely<Database>, id: number): Promise<QuotationRow | undefined> {
  return db.selectFrom('quotations').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findQuotationOfMember(db: Kysely<Database>, userId: number, id: number): Promise<QuotationRow | undefined> {
  return db.selectFrom('quotations').selectAll().where('id', '=', id).where('userId', '=', userId).executeTakeFirst();
}

export function findQuotationPage(
  db: Kysely<Database>,
  userId: number,
  status: QuotationStatus | null,
  offset: number,
  limit: number,
): Promise<QuotationRow[]> {
  let query = db.selectFrom('quotations').selectAll().where('userId', '=', userId);
  if (status !== null) query = query.where('status', '=', status);
  return query.orderBy('createdAt', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute();
}

export async function countQuotationsByStatus(db: Kysely<Database>, userId: number): Promise<Record<QuotationStatus, number>> {
  const rows = await db
    .selectFrom('quotations')
    .select(['status', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('userId', '=', userId)
    .groupBy('status')
    .execute();
  const counts = Object.fromEntries(quotationStatuses.map((status) => [status, 0])) as Record<QuotationStatus, number>;
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}

export function findQuotationLines(db: Kysely<Database>, quotationIds: readonly number[]): Promise<QuotationLineRow[]> {
  if (quotationIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('quotationLines').selectAll().where('quotationId', 'in', quotationIds).orderBy('quotationId').orderBy('lineNo').orderBy('id').execute();
}

/**
 * Moves one quotation from one of `from` to `to` in one conditional statement; `extra` narrows the
 * guard (validity) and sets more columns. False when the row was not in such a state: someone else
 * moved it first, or it is not the member's.
 */
export async function claimQuotation(
  db: Kysely<Database>,
  id: number,
  guard: { from: readonly QuotationStatus[]; userId?: number; validAt?: number },
  changes: Updateable<QuotationsTable> & { status: QuotationStatus; updatedAt: number },
): Promise<boolean> {
  let query = db.updateTable('quotations').set(changes).where('id', '=', id).where('status', 'in', guard.from);
  if (guard.userId !== undefined) query = query.where('userId', '=', guard.userId);
  if (guard.validAt !== undefined) query = query.where('validUntil', '>=', guard.validAt);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function updateLineOffer(
  trx: Kysely<Database>,
  quotationId: number,
  lineId: number,
  offer: Pick<
    Updateable<QuotationLinesTable>,
    | 'offerProductId'
    | 'offerProductCode'
    | 'offerProductName'
    | 'offerBrandName'
    | 'offerPackage'
    | 'offerUnitPriceE4'
    | 'offerQuantity'
    | 'offerAmountCents'
    | 'offerLeadTime'
  >,
): Promise<boolean> {
  const result = await trx.updateTable('quotationLines').set(offer).where('id', '=', lineId).where('quotationId', '=', quotationId).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Claims every offer (of one member, if given) past its validity in one statement: the ids and owners it moved. */
export function expireDue(db: Kysely<Database>, now: number, userId?: number): Promise<{ id: number; userId: number; quotationNo: string }[]> {
  let query = db
    .updateTable('quotations')
    .set({ status: 'expired', updatedAt: now })
    .where('status', 'in', ['quoted', 'accepted'])
    .where('validUntil', '<', now);
  if (userId !== undefined) query = query.where('userId', '=', userId);
  return query.returning(['id', 'userId', 'quotationNo']).execute();
}
