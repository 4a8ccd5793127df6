import type { Insertable, Kysely, Updateable } from 'kysely';
import type { PaymentMethod } from '../../../contract/order.ts';
import { RefundKind, RefundStatus } from '../../../contract/payment.ts';
import type { Database } from '../../db/database.ts';
import type { PaymentRefundRow, PaymentRefundsTable } from './payment.tables.ts';

/** The refunds: the only SQL of payment_refunds. Every change of status is a conditional update from the states given. */

export type NewRefund = Omit<Insertable<PaymentRefundsTable>, 'id' | 'status' | 'providerRefundNo' | 'finishedAt' | 'checkCount'>;

/** Records a refund as 处理中 under its number; false when the number is already taken (a retry, or a racing request). */
export async function insertRefund(db: Kysely<Database>, refund: NewRefund): Promise<boolean> {
  const inserted = await db
    .insertInto('paymentRefunds')
    .values({ ...refund, status: RefundStatus.processing })
    .onConflict((conflict) => conflict.column('refundNo').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export function findRefund(db: Kysely<Database>, refundNo: string): Promise<PaymentRefundRow | undefined> {
  return db.selectFrom('paymentRefunds').selectAll().where('refundNo', '=', refundNo).executeTakeFirst();
}

export function findRefundsOfOrder(db: Kysely<Database>, orderNo: string): Promise<PaymentRefundRow[]> {
  return db.selectFrom('paymentRefunds').selectAll().where('orderNo', '=', orderNo).orderBy('createdAt').orderBy('id').execute();
}

export type RefundChange = Omit<Updateable<PaymentRefundsTable>, 'id' | 'refundNo' | 'orderNo' | 'userId' | 'method' | 'amountCents' | 'kind' | 'attemptId'>;

/** Moves a refund from one of the states `from` (claimFrom of its lifecycle): once, however many try at the same time. */
export async function moveRefund(db: Kysely<Database>, refundNo: string, from: readonly RefundStatus[], change: RefundChange): Promise<boolean> {
  const result = await db.updateTable('paymentRefunds').set(change).where('refundNo', '=', refundNo).where('status', 'in', from).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Claims a 处理中 refund untouched since `seenAt` for asking its provider again: once, however many ask at the same time. */
export async function touchStaleRefund(db: Kysely<Database>, refundNo: string, seenAt: number, now: number, nextCheckAt: number): Promise<boolean> {
  const result = await db
    .updateTable('paymentRefunds')
    .set({ updatedAt: now, nextCheckAt })
    .where('refundNo', '=', refundNo)
    .where('status', '=', RefundStatus.processing)
    .where('updatedAt', '=', seenAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * What the reconciliation is due to look at: refunds 处理中, and binding refunds 失败 to try again,
 * of the methods it can ask (对公转账's 线下退款 wait for finance), the longest waiting first.
 */
export function findRefundsDue(db: Kysely<Database>, now: number, methods: readonly PaymentMethod[], limit: number): Promise<PaymentRefundRow[]> {
  if (methods.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('paymentRefunds')
    .selectAll()
    .where((eb) =>
      eb.or([eb('status', '=', RefundStatus.processing), eb.and([eb('status', '=', RefundStatus.failed), eb('kind', '<>', RefundKind.adjustment)])]),
    )
    .where('nextCheckAt', '<=', now)
    .where('method', 'in', methods)
    .orderBy('nextCheckAt')
    .limit(limit)
    .execute();
}

/**
 * Claims a due refund for one look by moving its next check from the one seen (and, for a retry,
 * its status by the same update): of reconcilers in several processes exactly one proceeds.
 */
export async function claimRefundCheck(
  db: Kysely<Database>,
  refund: PaymentRefundRow,
  from: readonly RefundStatus[],
  change: RefundChange & { nextCheckAt: number },
): Promise<boolean> {
  if (refund.nextCheckAt === null) return false;
  const result = await db
    .updateTable('paymentRefunds')
    .set((eb) => ({ ...change, checkCount: eb('checkCount', '+', 1) }))
    .where('id', '=', refund.id)
    .where('status', 'in', from)
    .where('nextCheckAt', '=', refund.nextCheckAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Binding refunds that failed and wait to be tried again (owed), by method: /metrics shows them. */
export async function countOwedRefunds(db: Kysely<Database>): Promise<{ method: string; count: number }[]> {
  const rows = await db
    .selectFrom('paymentRefunds')
    .select(['method', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('status', '=', RefundStatus.failed)
    .where('kind', '<>', RefundKind.adjustment)
    .groupBy('method')
    .execute();
  return rows.map((row) => ({ method: row.method, count: Number(row.count) }));
}
