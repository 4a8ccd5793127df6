import type { Kysely } from 'kysely';
import { orderErrors } from '../../../contract/order.ts';
import type { Database } from '../../db/database.ts';
import { withTransaction, type AlongsideChange } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { canApply, OrderAction } from './order.state.ts';
import type { OrderLineRow, OrderRow } from './order.tables.ts';
import type { IssuedInvoice } from '../../../contract/order.ts';
import { findIssuedInvoice } from './order-invoice.service.ts';
import { findOrderByNo, findOrderEvents, findOrderLines, insertOrderEvents } from './order.repository.ts';
import { applyTransition } from './order-transition.service.ts';
import { findOrderRefund, refundPayment, type RefundContext, type RefundOrderRequest } from '../payment/payment-refund.service.ts';
import type { PaymentRefundRow } from '../payment/payment.tables.ts';
import { shipParcel, type ShipmentResult } from './order-shipment.service.ts';
import { findShipments, hasShipment, type ShipmentWithLines } from './order-shipment.repository.ts';

export { confirmBankTransfer } from './order-payment.service.ts';
export { shipParcel, type ShipmentLine, type ShipmentResult } from './order-shipment.service.ts';
export { issueInvoice as issueInvoiceByStaff } from './order-invoice.service.ts';

/**
 * What staff do to an order (the operations console will call these): ship, complete, cancel with a
 * refund, refund part of a paid order, add a tracking line. Each writes an event and tells the member.
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
  shipment: { orderNo: string; carrierCode: string; trackingNo: string; now?: number },
  alongside?: AlongsideChange<ShipmentResult>,
): Promise<OrderRow> {
  return (await shipParcel(db, shipment, alongside)).order;
}

export async function completeOrder(db: Kysely<Database>, request: { orderNo: string; now?: number }): Promise<OrderRow> {
  const now = request.now ?? Date.now();
  const order = await orderOrThrow(db, request.orderNo);
  const completed = await withTransaction(db, (trx) =>
    applyTransition(trx, {
      orderId: order.id,
      action: OrderAction.complete,
      now,
      changes: { completedAt: now },
      eventText: () => '订单已完成',
      messageText: (row) => `您的订单${row.orderNo}已完成，感谢您的惠顾。`,
    }),
  );
  if (!completed) throw new AppError(orderErrors.notCompletable);
  return completed;
}

/** The refund number a staff cancellation gives the rest of a paid order: the same cancellation is the same refund. */
export function cancelRefundNo(orderNo: string): string {
  return `C${orderNo}`;
}

/**
 * Staff cancel an unpaid or paid-but-unshipped order: stock and coupons go back; what a paid one
 * has not had refunded goes back through its provider (refund number C + the order number). A
 * provider that refuses leaves the order cancelled and the refund 失败: staff send refundOrder
 * again with that number. Answers the order and that refund (null for an unpaid order).
 */
export async function cancelByStaff(
  ctx: RefundContext,
  request: { orderNo: string; reason: string; now?: number },
  alongside?: AlongsideChange<OrderRow>,
): Promise<{ order: OrderRow; refund: PaymentRefundRow | null }> {
  const now = request.now ?? Date.now();
  const reason = request.reason.trim() || '客服取消订单';
  const order = await orderOrThrow(ctx.db, request.orderNo);
  if (!canApply(OrderAction.cancelByStaff, order.status)) throw new AppError(orderErrors.notCancellable);
  const cancelled = await withTransaction(ctx.db, async (trx) => {
    const row = await applyTransition(trx, {
      orderId: order.id,
      action: OrderAction.cancelByStaff,
      now,
      changes: { cancelledAt: now, cancelReason: reason },
      eventText: () => `客服取消了订单：${reason}`,
      messageText: (current) =>
        current.paidAt === null ? `您的订单${current.orderNo}已被取消：${reason}。` : `您的订单${current.orderNo}已被取消：${reason}，货款将原路退回。`,
    });
    if (!row) return null;
    // A parcel already left (checked after the claim, so a racing shipment has committed or waits).
    if (await hasShipment(trx, row.id)) throw new AppError(orderErrors.partlyShipped);
    await alongside?.(trx, row);
    return row;
  });
  if (!cancelled) throw new AppError(orderErrors.notCancellable);
  const rest = cancelled.payableCents - cancelled.refundedCents;
  let refund: PaymentRefundRow | null = null;
  if (cancelled.paidAt !== null && rest > 0) {
    const refundNo = cancelRefundNo(cancelled.orderNo);
    try {
      refund = await refundPayment(ctx, { orderNo: cancelled.orderNo, refundNo, amountCents: rest, reason: `取消订单：${reason}` }, now);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      ctx.logger.warn({ orderNo: cancelled.orderNo, refundNo, errorCode: error.errorCode }, 'order: cancelled by staff, the refund did not go through');
      refund = (await findOrderRefund(ctx.db, refundNo)) ?? null;
    }
  }
  return { order: await orderOrThrow(ctx.db, order.orderNo), refund };
}

/**
 * A refund of part or all of a paid order (after-sales), through the provider that took the
 * payment (payment-refund.service): the same refund number is the same refund however often staff
 * send it, and the total refunded never passes what was paid. Answers the order and the refund
 * (处理中 while WeChat Pay or a 线下退款 has not finished it).
 */
export async function refundOrder(
  ctx: RefundContext,
  request: RefundOrderRequest & { now?: number },
  alongside?: AlongsideChange<PaymentRefundRow>,
): Promise<{ order: OrderRow; refund: PaymentRefundRow }> {
  const refund = await refundPayment(ctx, request, request.now, alongside);
  return { order: await orderOrThrow(ctx.db, request.orderNo), refund };
}

export interface OrderForStaff {
  order: OrderRow;
  lines: OrderLineRow[];
  events: { kind: string; text: string; at: number }[];
  shipments: ShipmentWithLines[];
  issuedInvoice: IssuedInvoice | null;
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
