import type { Kysely } from 'kysely';
import { orderStatusLabels, OrderStatus } from '../../../contract/order.ts';
import { formatBeijingTimeSeconds } from '../../../contract/time.ts';
import type { Database } from '../../db/database.ts';
import { findAftersalesLines, findAftersalesOrderLines, type AftersalesLineRow } from './order-aftersales.repository.ts';

/**
 * What after-sales (the complaint feature) may know of orders. A line takes complaints while its
 * order is 已发货, and for `windowDays` after the order is 已完成; an order not yet shipped is
 * cancelled (and refunded) instead, so it takes none.
 */

const dayMs = 86_400_000;

export interface AftersalesLine {
  id: number;
  orderId: number;
  orderNo: string;
  userId: number;
  orderStatus: OrderStatus;
  orderStatusLabel: string;
  orderCreatedAtStr: string;
  productCode: string;
  productName: string;
  brandName: string;
  package: string;
  quantity: number;
  isEligible: boolean;
}

export function isAftersalesEligible(order: { status: OrderStatus; completedAt: number | null }, windowDays: number, now: number): boolean {
  if (order.status === OrderStatus.shipped) return true;
  return order.status === OrderStatus.completed && order.completedAt !== null && order.completedAt >= now - windowDays * dayMs;
}

function toAftersalesLine(row: AftersalesLineRow, windowDays: number, now: number): AftersalesLine {
  return {
    id: row.id,
    orderId: row.orderId,
    orderNo: row.orderNo,
    userId: row.userId,
    orderStatus: row.status,
    orderStatusLabel: orderStatusLabels[row.status],
    orderCreatedAtStr: formatBeijingTimeSeconds(row.createdAt),
    productCode: row.productCode,
    productName: row.productName,
    brandName: row.brandName,
    package: row.package,
    quantity: row.quantity,
    isEligible: isAftersalesEligible(row, windowDays, now),
  };
}

/** A line of one of the member's orders, or null (another member's line is null too). */
export async function findOrderLineOfMember(
  db: Kysely<Database>,
  userId: number,
  orderLineId: number,
  windowDays: number,
  now = Date.now(),
): Promise<AftersalesLine | null> {
  const [row] = await findAftersalesLines(db, [orderLineId]);
  return row?.userId === userId ? toAftersalesLine(row, windowDays, now) : null;
}

/** Lines by id, whoever's they are: what a complaint list shows of each complaint's line. */
export async function findAftersalesLinesById(
  db: Kysely<Database>,
  lineIds: readonly number[],
  windowDays: number,
  now = Date.now(),
): Promise<Map<number, AftersalesLine>> {
  const rows = await findAftersalesLines(db, lineIds);
  return new Map(rows.map((row) => [row.id, toAftersalesLine(row, windowDays, now)]));
}

/** The member's orders that take complaints now, newest first, each line once. */
export async function listComplainableLines(
  db: Kysely<Database>,
  userId: number,
  windowDays: number,
  maxOrders: number,
  now = Date.now(),
): Promise<AftersalesLine[]> {
  const rows = await findAftersalesOrderLines(db, userId, now - windowDays * dayMs, maxOrders);
  return rows.map((row) => toAftersalesLine(row, windowDays, now));
}
