import { OrderStatus } from '../../../contract/order.ts';
import type { OrderFacts } from '../../../contract/order-lifecycle.ts';
import type { OrderLineRow, OrderRow } from './order.tables.ts';

/**
 * What the order lifecycle's guards read (contract/order-lifecycle.ts), worked out from the rows:
 * the money paid and refunded, the deadline, and the units left to send per line.
 */

/** The buyer may still pay: unpaid and not past its time. */
export function isPayable(order: { status: OrderStatus; expiresAt: number | null }, now: number): boolean {
  return order.status === OrderStatus.unpaid && (order.expiresAt === null || order.expiresAt > now);
}

/** Unpaid (or still waiting for its company's approval) and past its time: cancelled on the next sweep, or at once when read. */
export function isOverdue(order: { status: OrderStatus; expiresAt: number | null }, now: number): boolean {
  return (order.status === OrderStatus.unpaid || order.status === OrderStatus.awaitingApproval) && order.expiresAt !== null && order.expiresAt <= now;
}

/** What the buyer paid: the payable amount once paid (a payment is always of the whole amount). */
export function paidCentsOf(order: Pick<OrderRow, 'paidAt' | 'payableCents'>): number {
  return order.paidAt === null ? 0 : order.payableCents;
}

export type LineQuantities = Pick<OrderLineRow, 'id' | 'quantity' | 'reservedQuantity' | 'cancelledQuantity'>;

/** One line's progress: units still to send, and of those the units in stock for it now. */
export function lineProgress(line: LineQuantities, shipped: number): { toShip: number; shippableNow: number } {
  const toShip = Math.max(0, line.quantity - line.cancelledQuantity - shipped);
  return { toShip, shippableNow: Math.min(toShip, Math.max(0, line.reservedQuantity - shipped)) };
}

export interface ShippingProgress {
  unitsToShip: number;
  unitsShippableNow: number;
}

export function shippingProgressOf(lines: readonly LineQuantities[], shipped: ReadonlyMap<number, number>): ShippingProgress {
  let unitsToShip = 0;
  let unitsShippableNow = 0;
  for (const line of lines) {
    const progress = lineProgress(line, shipped.get(line.id) ?? 0);
    unitsToShip += progress.toShip;
    unitsShippableNow += progress.shippableNow;
  }
  return { unitsToShip, unitsShippableNow };
}

/** An order's facts; without its lines' progress (a list of orders) the units read 0, which only the staff's shipping and refund guards consult. */
export function orderFactsOf(order: OrderRow, now: number, progress: ShippingProgress = { unitsToShip: 0, unitsShippableNow: 0 }): OrderFacts {
  return {
    state: order.status,
    paidCents: paidCentsOf(order),
    refundedCents: order.refundedCents,
    isOverdue: isOverdue(order, now),
    ...progress,
  };
}
