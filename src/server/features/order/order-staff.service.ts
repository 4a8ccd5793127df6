import type { Kysely } from 'kysely';
import type { Actor } from '../../../contract/lifecycle.ts';
import { orderErrors, type IssuedInvoice, type OrderStatus } from '../../../contract/order.ts';
import { orderLifecycle, type OrderFacts } from '../../../contract/order-lifecycle.ts';
import type { Database } from '../../db/database.ts';
import { withTransaction, type AlongsideChange } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { assertAllowed } from '../../lifecycle/lifecycle-guard.ts';
import type { OrderLineRow, OrderRow } from './order.tables.ts';
import { orderFactsOf, shippingProgressOf } from './order.state.ts';
import { findIssuedInvoice } from './order-invoice.service.ts';
import { findOrderByNo, findOrderEvents, findOrderLines, insertOrderEvents } from './order.repository.ts';
import { loadOrderFacts, transitionOrThrow } from './order-transition.service.ts';
import { shipParcel, type ShipmentResult } from './order-shipment.service.ts';
import { findShipments, type ShipmentWithLines } from './order-shipment.repository.ts';

export { confirmBankTransfer } from './order-payment.service.ts';
export { shipParcel, type ShipmentLine, type ShipmentResult } from './order-shipment.service.ts';
export { issueInvoice as issueInvoiceByStaff, loadInvoiceFacts, reverseInvoice as reverseInvoiceByStaff } from './order-invoice.service.ts';
export { checkedTakeOffs, refundEventOf, refundOrderChanges, takeOffLines, type LineTakeOff, type RefundEvent } from './order-refund.service.ts';
export { loadOrderFacts, transitionOrThrow } from './order-transition.service.ts';
export { lineProgress } from './order.state.ts';

/**
 * What staff do to an order (the operations console calls these): ship, confirm a transfer, issue
 * an invoice, add a tracking line. Each goes through the order's declared lifecycle
 * (contract/order-lifecycle.ts) from the status the staff member's page showed (`seen`), writes an
 * event and tells the member. Cancelling a paid order and refunding are the payment feature's
 * workflows (payment/order-refund-workflow.service.ts): they change the order in the transaction
 * that claims the refund.
 */

/** Any member's order by its number (order.notFound otherwise). */
export async function findOrderForStaff(db: Kysely<Database>, orderNo: string): Promise<OrderRow> {
  return orderOrThrow(db, orderNo);
}

async function orderOrThrow(db: Kysely<Database>, orderNo: string): Promise<OrderRow> {
  const order = await findOrderByNo(db, orderNo);
  if (!order) throw new AppError(orderErrors.notFound);
  return order;
}

/** Ships everything not yet sent (the last parcel, or the only one): the order is 已发货. */
export async function shipOrder(
  db: Kysely<Database>,
  shipment: { orderNo: string; carrierCode: string; trackingNo: string; seen?: OrderStatus; actor?: Actor; now?: number },
  alongside?: AlongsideChange<ShipmentResult>,
): Promise<OrderRow> {
  return (await shipParcel(db, shipment, alongside)).order;
}

/** The buyer's confirmation of receipt, as tests and fixtures drive it (the buyer's own call is order.service confirmReceipt). */
export async function completeOrder(db: Kysely<Database>, request: { orderNo: string; now?: number }): Promise<OrderRow> {
  const now = request.now ?? Date.now();
  const order = await orderOrThrow(db, request.orderNo);
  assertAllowed(orderLifecycle, 'confirmReceipt', await loadOrderFacts(db, order, now));
  return withTransaction(db, (trx) =>
    transitionOrThrow(trx, {
      orderId: order.id,
      event: 'confirmReceipt',
      now,
      changes: { completedAt: now },
      eventText: () => '订单已完成',
      messageText: (row) => `您的订单${row.orderNo}已完成，感谢您的惠顾。`,
    }),
  );
}

export interface OrderForStaff {
  order: OrderRow;
  lines: OrderLineRow[];
  events: { kind: string; text: string; at: number }[];
  shipments: ShipmentWithLines[];
  issuedInvoice: IssuedInvoice | null;
}

/** The lifecycle's facts of an order the console loaded (its buttons are the events these allow). */
export function orderFactsForStaff(view: OrderForStaff, now: number): OrderFacts {
  const shipped = new Map<number, number>();
  for (const shipment of view.shipments) for (const line of shipment.lines) shipped.set(line.orderLineId, (shipped.get(line.orderLineId) ?? 0) + line.quantity);
  return orderFactsOf(view.order, now, shippingProgressOf(view.lines, shipped));
}

/** Everything the console's order detail shows of any member's order. */
export async function loadOrderForStaff(db: Kysely<Database>, orderNo: string): Promise<OrderForStaff> {
  const order = await orderOrThrow(db, orderNo);
  const [lines, events, shipments, issuedInvoice] = await Promise.all([
    findOrderLines(db, [order.id]),
    findOrderEvents(db, order.id),
    findShipments(db, order.id),
    findIssuedInvoice(db, order.id),
  ]);
  return { order, lines, events, shipments, issuedInvoice };
}

/** A line of the parcel's journey the warehouse or carrier reported: the default tracking provider shows these. */
export async function recordTrackingEvent(db: Kysely<Database>, request: { orderNo: string; text: string; at: number }): Promise<void> {
  const order = await orderOrThrow(db, request.orderNo);
  await insertOrderEvents(db, [{ orderId: order.id, kind: 'tracking', text: request.text, at: request.at }]);
}
