import type { Kysely, Transaction, Updateable } from 'kysely';
import { MessageType } from '../../../contract/message.ts';
import { orderErrors, OrderStatus } from '../../../contract/order.ts';
import { orderLifecycle, type OrderFacts, type OrderLifecycleEvent } from '../../../contract/order-lifecycle.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { claimFrom, refusalNow } from '../../lifecycle/lifecycle-guard.ts';
import { releaseCouponsOfOrder } from '../coupon/coupon.service.ts';
import { sendMessages } from '../message/message.service.ts';
import { returnLineUnits } from '../warehouse/warehouse-stock.service.ts';
import { orderFactsOf, shippingProgressOf } from './order.state.ts';
import type { OrderRow, OrdersTable } from './order.tables.ts';
import { claimOrderStatus, findOrderById, findOrderLines, insertOrderEvents } from './order.repository.ts';
import { findShippedQuantities, hasShipment } from './order-shipment.repository.ts';
import { requireInvoiceReversal } from './order-invoice.service.ts';
import { reopenQuotationOfLapsedOrder } from '../quotation/quotation.service.ts';

/** The timeline's kind of each event (order_events.kind; the logistics timeline reads shipped, shippedPart and completed). */
const eventKinds: Readonly<Record<OrderLifecycleEvent, string>> = {
  requireApproval: 'approvalRequired',
  approve: 'approved',
  reject: 'cancelled',
  pay: 'paid',
  confirmTransfer: 'transferConfirmed',
  cancelByBuyer: 'cancelled',
  expire: 'cancelled',
  cancelByStaff: 'cancelled',
  shipParcel: 'shippedPart',
  shipLast: 'shipped',
  confirmReceipt: 'completed',
  autoComplete: 'completed',
  refundPart: 'refundRequested',
  refundInFull: 'closed',
  refundRemaining: 'refundRequested',
};

/** Columns set with the status (paidAt, trackingNo …). */
export type OrderChanges = Omit<Updateable<OrdersTable>, 'id' | 'orderNo' | 'userId' | 'status' | 'updatedAt'>;

export interface TransitionRequest {
  orderId: number;
  event: OrderLifecycleEvent;
  now: number;
  /** The status the actor's page showed: the update moves the order only from it (a stale page is refused). */
  seen?: OrderStatus;
  changes?: OrderChanges;
  /** Expiry: only if still past its time at `expiredBy`. Payment: only if the payable amount is this. */
  expiredBy?: number;
  paidCents?: number;
  /** The timeline's line and the member's message; given the order as it is now. No message: null. */
  eventText: (order: OrderRow) => string;
  messageText: (order: OrderRow) => string | null;
}

/**
 * Fires an event of the order's lifecycle (contract/order-lifecycle.ts) inside the caller's
 * transaction: one conditional update `… where status in (claimFrom)` (so SQLite takes its write
 * lock before reading anything, and of racing calls across processes exactly one moves the order),
 * then the timeline's event, the member's type-3 message and, for a cancellation or a full refund,
 * the release of what the order held. Null when another actor got there first.
 */
export async function applyTransition(trx: Transaction<Database>, request: TransitionRequest): Promise<OrderRow | null> {
  const to = orderLifecycle.events[request.event].to;
  const isClaimed = await claimOrderStatus(
    trx,
    request.orderId,
    claimFrom(orderLifecycle, request.event, request.seen),
    { ...request.changes, ...(to === 'same' ? {} : { status: to }), updatedAt: request.now },
    { expiredBy: request.expiredBy, paidCents: request.paidCents },
  );
  if (!isClaimed) return null;
  const order = await findOrderById(trx, request.orderId);
  if (!order) return null;
  if (order.status === OrderStatus.cancelled || order.status === OrderStatus.closed) {
    await releaseHeld(trx, order, request.now);
    if (order.paidAt !== null) await requireInvoiceReversal(trx, order, request.now);
    // An offer's order that lapsed unpaid gives the offer back (已报价 while still valid).
    else if (order.quotationId !== null) await reopenQuotationOfLapsedOrder(trx, { quotationId: order.quotationId, orderNo: order.orderNo, now: request.now });
  }
  await insertOrderEvents(trx, [{ orderId: order.id, kind: eventKinds[request.event], text: request.eventText(order), at: request.now }]);
  const message = request.messageText(order);
  // A sandbox order (/open/v1 sandbox keys) tells the member's message centre nothing.
  if (message !== null && order.isSandbox === 0) await notifyMember(trx, order.userId, message, request.now);
  return order;
}

/** applyTransition, or the refusal for the order as it is now (订单已退款，不能发货; 已被他人更改). */
export async function transitionOrThrow(trx: Transaction<Database>, request: TransitionRequest): Promise<OrderRow> {
  const moved = await applyTransition(trx, request);
  if (moved) return moved;
  throw await refusalFor(trx, request.orderId, request.event, request.now, request.seen);
}

export async function refusalFor(db: Kysely<Database>, orderId: number, event: OrderLifecycleEvent, now: number, seen?: OrderStatus): Promise<AppError> {
  const order = await findOrderById(db, orderId);
  if (!order) return new AppError(orderErrors.notFound);
  return refusalNow(orderLifecycle, event, await loadOrderFacts(db, order, now), seen);
}

/** The order's facts with its lines' progress (what the staff's guards read). */
export async function loadOrderFacts(db: Kysely<Database>, order: OrderRow, now: number): Promise<OrderFacts> {
  const [lines, shipped] = await Promise.all([findOrderLines(db, [order.id]), findShippedQuantities(db, order.id)]);
  return orderFactsOf(order, now, shippingProgressOf(lines, shipped));
}

/**
 * What an order that ends holds goes back: the units reserved for it and not sent, to the warehouses
 * they came from; its coupons too (still within their window) unless goods were sent — a full
 * refund after delivery does not give the coupons back.
 */
async function releaseHeld(trx: Transaction<Database>, order: OrderRow, now: number): Promise<void> {
  const [lines, shipped] = await Promise.all([findOrderLines(trx, [order.id]), findShippedQuantities(trx, order.id)]);
  await returnLineUnits(
    trx,
    lines.map((line) => ({ orderLineId: line.id, productId: line.productId, quantity: line.reservedQuantity - (shipped.get(line.id) ?? 0) })),
    now,
  );
  if (!(await hasShipment(trx, order.id))) await releaseCouponsOfOrder(trx, order.id, now);
}

export function notifyMember(db: Kysely<Database>, userId: number, text: string, now: number): Promise<void> {
  return sendMessages(db, [{ userId, messageType: MessageType.order, msgContent: text, sendDate: now }]);
}
