import type { Kysely, Transaction, Updateable } from 'kysely';
import { MessageType } from '../../../contract/message.ts';
import { OrderStatus } from '../../../contract/order.ts';
import type { Database } from '../../db/database.ts';
import { releaseCouponsOfOrder } from '../coupon/coupon.service.ts';
import { sendMessages } from '../message/message.service.ts';
import { transitions, type OrderAction } from './order.state.ts';
import type { OrderRow, OrdersTable } from './order.tables.ts';
import { returnLineUnits } from '../warehouse/warehouse-stock.service.ts';
import { claimOrderStatus, findOrderById, findOrderLines, insertOrderEvents } from './order.repository.ts';

export interface TransitionRequest {
  orderId: number;
  action: OrderAction;
  now: number;
  /** Columns set with the status (paidAt, trackingNo …). */
  changes?: Omit<Updateable<OrdersTable>, 'id' | 'orderNo' | 'userId' | 'status' | 'updatedAt'>;
  /** Expiry: only if still past its time at `expiredBy`. Payment: only if the payable amount is this. */
  expiredBy?: number;
  paidCents?: number;
  /** The timeline's line and the member's message; given the order as it is now. */
  eventText: (order: OrderRow) => string;
  messageText: (order: OrderRow) => string;
}

/**
 * Moves an order by the state table, inside the caller's transaction: the conditional update is the
 * transaction's first statement (so SQLite takes its write lock before reading anything), then the
 * event, the type-3 message and, for a cancellation, the release of its stock and coupons. Of any
 * number of racing calls, across processes, one moves it and releases; the rest get null.
 */
export async function applyTransition(trx: Transaction<Database>, request: TransitionRequest): Promise<OrderRow | null> {
  const transition = transitions[request.action];
  const isClaimed = await claimOrderStatus(
    trx,
    request.orderId,
    transition.from,
    { ...request.changes, status: transition.to, updatedAt: request.now },
    { expiredBy: request.expiredBy, paidCents: request.paidCents },
  );
  if (!isClaimed) return null;
  const order = await findOrderById(trx, request.orderId);
  if (!order) return null;
  if (transition.to === OrderStatus.cancelled) await releaseHeld(trx, order.id, request.now);
  await insertOrderEvents(trx, [{ orderId: order.id, kind: transition.eventKind, text: request.eventText(order), at: request.now }]);
  await notifyMember(trx, order.userId, request.messageText(order), request.now);
  return order;
}

/** What an order held goes back: its reserved stock, to the warehouses it came from, and its coupons (still within their window). */
async function releaseHeld(trx: Transaction<Database>, orderId: number, now: number): Promise<void> {
  const lines = await findOrderLines(trx, [orderId]);
  await returnLineUnits(
    trx,
    lines.map((line) => ({ orderLineId: line.id, productId: line.productId, quantity: line.reservedQuantity })),
    now,
  );
  await releaseCouponsOfOrder(trx, orderId, now);
}

export function notifyMember(db: Kysely<Database>, userId: number, text: string, now: number): Promise<void> {
  return sendMessages(db, [{ userId, messageType: MessageType.order, msgContent: text, sendDate: now }]);
}
