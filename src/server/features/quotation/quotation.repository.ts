import type { Insertable, Kysely, Updateable } from 'kysely';
import { targetOf } from '../../../contract/lifecycle.ts';
import { QuotationStatus, quotationStatuses } from '../../../contract/quotation.ts';
import { quotationLifecycle } from '../../../contract/quotation-lifecycle.ts';
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

/** The guard of a conditional update of one quotation: its state, and what else the actor saw. */
export interface QuotationClaimGuard {
  from: readonly QuotationStatus[];
  /** The member's own quotation only. */
  userId?: number;
  /** Still valid at this moment (validUntil >= validAt). */
  validAt?: number;
  /** The offer revision the actor's page showed. */
  revision?: number;
  /** The order it was ordered as (an order lapsing gives back only its own quotation). */
  orderNo?: string;
}

export type QuotationChanges = Updateable<QuotationsTable> & { status: QuotationStatus; updatedAt: number };

/**
 * Moves one quotation from one of `from` to `changes.status` in one conditional statement; the
 * guard narrows it further. `isRepriced` counts one more offer revision. False when the row was not
 * in such a state: someone else moved it first, or it is not the member's.
 */
export async function claimQuotation(
  db: Kysely<Database>,
  id: number,
  guard: QuotationClaimGuard,
  changes: QuotationChanges,
  isRepriced = false,
): Promise<boolean> {
  let query = db.updateTable('quotations').set(changes).where('id', '=', id).where('status', 'in', guard.from);
  if (isRepriced) query = query.set((eb) => ({ offerRevision: eb('offerRevision', '+', 1) }));
  if (guard.userId !== undefined) query = query.where('userId', '=', guard.userId);
  if (guard.validAt !== undefined) query = query.where('validUntil', '>=', guard.validAt);
  if (guard.revision !== undefined) query = query.where('offerRevision', '=', guard.revision);
  if (guard.orderNo !== undefined) query = query.where('orderNo', '=', guard.orderNo);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Staff price an offer again: every line's previous offer goes before the new one is written. */
export async function clearLineOffers(trx: Kysely<Database>, quotationId: number): Promise<void> {
  await trx
    .updateTable('quotationLines')
    .set({
      offerProductId: null,
      offerProductCode: null,
      offerProductName: null,
      offerBrandName: null,
      offerPackage: null,
      offerUnitPriceE4: null,
      offerQuantity: null,
      offerAmountCents: null,
      offerLeadTime: null,
    })
    .where('quotationId', '=', quotationId)
    .execute();
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

/**
 * Claims every offer (of one member, or one quotation, if given) past its validity in one statement
 * (the lifecycle's expire): the ids and owners it moved.
 */
export function expireDue(
  db: Kysely<Database>,
  now: number,
  scope: { userId?: number; quotationId?: number } = {},
): Promise<{ id: number; userId: number; quotationNo: string }[]> {
  let query = db
    .updateTable('quotations')
    .set({ status: targetOf(quotationLifecycle, 'expire', QuotationStatus.quoted), updatedAt: now })
    .where('status', 'in', quotationLifecycle.events.expire.from)
    .where('validUntil', '<', now);
  if (scope.userId !== undefined) query = query.where('userId', '=', scope.userId);
  if (scope.quotationId !== undefined) query = query.where('id', '=', scope.quotationId);
  return query.returning(['id', 'userId', 'quotationNo']).execute();
}
