import { sql, type Kysely } from 'kysely';
import { OrderStatus } from '../../../contract/order.ts';
import type { Database } from '../../db/database.ts';

/** The SQL of back orders: lines of open orders waiting for units of a part, and the guarded moves of stock into them. */

/** Orders that may still receive stock: placed (waiting for approval or payment) or paid, not all sent, not cancelled or closed. */
const waitingStatuses = [OrderStatus.awaitingApproval, OrderStatus.unpaid, OrderStatus.unshipped, OrderStatus.partlyShipped] as const;

export interface WaitingLine {
  lineId: number;
  orderId: number;
  orderNo: string;
  userId: number;
  status: OrderStatus;
  /** Ordered, less what refunds took off the line. */
  quantity: number;
  reservedQuantity: number;
}

/** Lines of open orders short of `productId`, oldest order first (then its lines in order). */
export function findWaitingLines(db: Kysely<Database>, productId: number): Promise<WaitingLine[]> {
  return (
    db
      .selectFrom('orderLines as l')
      .innerJoin('orders as o', 'o.id', 'l.orderId')
      .select([
        'l.id as lineId',
        'l.orderId',
        'o.orderNo',
        'o.userId',
        'o.status',
        sql<number>`l.quantity - l.cancelled_quantity`.as('quantity'),
        'l.reservedQuantity',
      ])
      .where('l.productId', '=', productId)
      .where(sql<boolean>`l.reserved_quantity < l.quantity - l.cancelled_quantity`)
      .where('o.status', 'in', waitingStatuses)
      // A sandbox order took no stock and never gets any.
      .where('o.isSandbox', '=', 0)
      .orderBy('o.createdAt')
      .orderBy('o.id')
      .orderBy('l.id')
      .execute()
  );
}

/**
 * Locks an open order against a concurrent status change (a cancel, an expiry, a shipment) by
 * touching it: a cancel that already claimed it makes this wait, then find it cancelled (false).
 */
export async function holdOpenOrder(trx: Kysely<Database>, orderId: number, now: number): Promise<boolean> {
  const result = await trx.updateTable('orders').set({ updatedAt: now }).where('id', '=', orderId).where('status', 'in', waitingStatuses).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Takes `take` units of stock for a back-ordered line: never below zero (false when there are fewer). */
export async function takeStockForBackOrder(trx: Kysely<Database>, productId: number, take: number, now: number): Promise<boolean> {
  const result = await trx
    .updateTable('products')
    .set((eb) => ({ stock: eb('stock', '-', take), updatedAt: now }))
    .where('id', '=', productId)
    .where('stock', '>=', take)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Reserves `give` more units of a line: never above its quantity (less what refunds took off), only while its order is open. */
export async function reserveMore(trx: Kysely<Database>, lineId: number, give: number): Promise<boolean> {
  const result = await trx
    .updateTable('orderLines')
    .set((eb) => ({ reservedQuantity: eb('reservedQuantity', '+', give) }))
    .where('id', '=', lineId)
    .where(sql<boolean>`reserved_quantity + ${give} <= quantity - cancelled_quantity`)
    .where((eb) => eb.exists(eb.selectFrom('orders as o').select('o.id').whereRef('o.id', '=', 'orderLines.orderId').where('o.status', 'in', waitingStatuses)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Whether any line of the order still waits for units. */
export async function hasWaitingLine(db: Kysely<Database>, orderId: number): Promise<boolean> {
  const row = await db
    .selectFrom('orderLines')
    .select('id')
    .where('orderId', '=', orderId)
    .where(sql<boolean>`reserved_quantity < quantity - cancelled_quantity`)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export interface DatedLine {
  lineId: number;
  productId: number;
  productCode: string;
  expectedDate: string | null;
  /** Units still waiting: ordered, less refunds' cancellations, less what stock gave it. */
  waiting: number;
}

/** One line of a live (not sandbox) order, with its units still waiting and its 预计到货. */
export function findDatedLine(db: Kysely<Database>, orderId: number, lineId: number): Promise<DatedLine | undefined> {
  return db
    .selectFrom('orderLines as l')
    .innerJoin('orders as o', 'o.id', 'l.orderId')
    .select([
      'l.id as lineId',
      'l.productId',
      'l.productCode',
      'l.expectedDate',
      sql<number>`l.quantity - l.cancelled_quantity - l.reserved_quantity`.as('waiting'),
    ])
    .where('l.id', '=', lineId)
    .where('l.orderId', '=', orderId)
    .where('o.isSandbox', '=', 0)
    .executeTakeFirst();
}

/** Moves a waiting line's 预计到货, only while units still wait and the date is still `from` (a racing move or arrival refuses it). */
export async function moveExpectedDate(trx: Kysely<Database>, lineId: number, from: string | null, to: string): Promise<boolean> {
  const result = await trx
    .updateTable('orderLines')
    .set({ expectedDate: to })
    .where('id', '=', lineId)
    .where(sql<boolean>`reserved_quantity < quantity - cancelled_quantity`)
    .where((eb) => (from === null ? eb('expectedDate', 'is', null) : eb('expectedDate', '=', from)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
