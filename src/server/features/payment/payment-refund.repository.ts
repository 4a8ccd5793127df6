import type { Insertable, Kysely } from 'kysely';
import { RefundStatus } from '../../../contract/payment.ts';
import type { Database } from '../../db/database.ts';
import type { PaymentRefundRow, PaymentRefundsTable } from './payment.tables.ts';

/** The refunds staff asked for: the only SQL of payment_refunds. */

export type NewRefund = Omit<Insertable<PaymentRefundsTable>, 'id' | 'status' | 'providerRefundNo' | 'finishedAt'>;

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

/** A failed refund asked again under its number: back to 处理中, once however many ask. */
export async function reopenFailedRefund(db: Kysely<Database>, refundNo: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('paymentRefunds')
    .set({ status: RefundStatus.processing, updatedAt: now, finishedAt: null })
    .where('refundNo', '=', refundNo)
    .where('status', '=', RefundStatus.failed)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Claims a 处理中 refund untouched since `seenAt` for asking its provider again: once, however many ask at the same time. */
export async function touchStaleRefund(db: Kysely<Database>, refundNo: string, seenAt: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('paymentRefunds')
    .set({ updatedAt: now })
    .where('refundNo', '=', refundNo)
    .where('status', '=', RefundStatus.processing)
    .where('updatedAt', '=', seenAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface RefundChange {
  answer: string;
  providerRefundNo?: string | null;
  now: number;
}

/** A 处理中 refund ends (成功 or 失败): once; a replayed notification finds it ended and changes nothing. */
export async function finishRefund(
  db: Kysely<Database>,
  refundNo: string,
  status: typeof RefundStatus.succeeded | typeof RefundStatus.failed,
  change: RefundChange,
): Promise<boolean> {
  const result = await db
    .updateTable('paymentRefunds')
    .set({
      status,
      answer: change.answer,
      ...(change.providerRefundNo === undefined ? {} : { providerRefundNo: change.providerRefundNo }),
      updatedAt: change.now,
      finishedAt: change.now,
    })
    .where('refundNo', '=', refundNo)
    .where('status', '=', RefundStatus.processing)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The provider accepted a refund it completes later (WeChat Pay, 线下退款): its answer is kept, still 处理中. */
export async function noteRefundAnswer(db: Kysely<Database>, refundNo: string, change: RefundChange): Promise<void> {
  await db
    .updateTable('paymentRefunds')
    .set({ answer: change.answer, providerRefundNo: change.providerRefundNo ?? null, updatedAt: change.now })
    .where('refundNo', '=', refundNo)
    .where('status', '=', RefundStatus.processing)
    .execute();
}
