import { OrderStatus } from '../../../contract/order.ts';
import type { OrderLineRow, OrderRow } from '../order/order.tables.ts';

/**
 * Back orders as /open/v1 shows them (decision 0031): the same count as the buyer's order detail's
 * 缺货待发 N (web/features/order/order-backorder.tsx): units ordered, less refunds' cancellations, less
 * what stock gave the line, while the order may still receive units; with the line's 预计到货 or null (待定).
 */

export interface OpenBackOrder {
  backorderedQuantity: number;
  expectedDate: string | null;
}

/** Orders whose units may still arrive: the statuses a restock serves (a cancelled or closed one waits for nothing). */
const waitingStatuses: readonly OrderStatus[] = [OrderStatus.unpaid, OrderStatus.unshipped, OrderStatus.partlyShipped];

type LineFacts = Pick<OrderLineRow, 'quantity' | 'cancelledQuantity' | 'reservedQuantity' | 'expectedDate'>;

export function lineBackOrderOf(order: Pick<OrderRow, 'status'>, line: LineFacts): OpenBackOrder {
  const waiting = waitingStatuses.includes(order.status) ? Math.max(0, line.quantity - line.cancelledQuantity - line.reservedQuantity) : 0;
  return { backorderedQuantity: waiting, expectedDate: waiting > 0 ? line.expectedDate : null };
}

/** The order's: every waiting unit, and when the last of them is expected (null while any waiting line's date is 待定). */
export function orderBackOrderOf(order: Pick<OrderRow, 'status'>, lines: readonly LineFacts[]): OpenBackOrder {
  const waiting = lines.map((line) => lineBackOrderOf(order, line)).filter((line) => line.backorderedQuantity > 0);
  const dates = waiting.map((line) => line.expectedDate);
  const isAllDated = dates.length > 0 && dates.every((date) => date !== null);
  return {
    backorderedQuantity: waiting.reduce((sum, line) => sum + line.backorderedQuantity, 0),
    expectedDate: isAllDated ? (dates.toSorted().at(-1) ?? null) : null,
  };
}
