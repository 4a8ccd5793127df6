import { sql, type Kysely } from 'kysely';
import { OrderStatus } from '../../../contract/order.ts';
import type { Database } from '../../db/database.ts';

/** The orders columns the payment feature moves besides the status: the payment window and the refunded total. */

/**
 * Moves an unpaid order's deadline out to `until`, once: only while it is unpaid, not yet past
 * its time, and its deadline is earlier. A second call (or a racing one) finds it moved and
 * changes nothing; an expiry sweep that claimed it first leaves it cancelled.
 */
export async function extendExpiry(db: Kysely<Database>, orderId: number, until: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ expiresAt: until, updatedAt: now })
    .where('id', '=', orderId)
    .where('status', '=', OrderStatus.unpaid)
    .where('expiresAt', '>', now)
    .where('expiresAt', '<', until)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findExpiry(db: Kysely<Database>, orderId: number): Promise<number | null> {
  const row = await db.selectFrom('orders').select('expiresAt').where('id', '=', orderId).executeTakeFirst();
  return row?.expiresAt ?? null;
}

/** Holds `cents` of the paid amount for a refund: never past what was paid, whoever else refunds at the same time. */
export async function holdRefundedCents(db: Kysely<Database>, orderNo: string, cents: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set((eb) => ({ refundedCents: eb('refundedCents', '+', cents), updatedAt: now }))
    .where('orderNo', '=', orderNo)
    .where('paidAt', 'is not', null)
    .where(sql<boolean>`refunded_cents + ${cents} <= payable_cents`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives back what a refund held when the provider did not refund it. */
export async function releaseRefundedCents(db: Kysely<Database>, orderNo: string, cents: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set((eb) => ({ refundedCents: eb('refundedCents', '-', cents), updatedAt: now }))
    .where('orderNo', '=', orderNo)
    .where('refundedCents', '>=', cents)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
