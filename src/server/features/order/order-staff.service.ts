import type { Kysely } from 'kysely';
import { CarrierCode } from '../../../contract/delivery.ts';
import { orderErrors } from '../../../contract/order.ts';
import type { Database } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { carrierOrThrow } from './checkout.service.ts';
import { canApply, OrderAction } from './order.state.ts';
import type { OrderRow } from './order.tables.ts';
import { findOrderByNo, insertOrderEvents } from './order.repository.ts';
import { applyTransition } from './order-transition.service.ts';
import { findOrderRefund, refundPayment, type RefundContext, type RefundOrderRequest } from '../payment/payment-refund.service.ts';
import type { PaymentRefundRow } from '../payment/payment.tables.ts';
import { refuseShipmentWhileWaiting } from './order-backorder.service.ts';

export { confirmBankTransfer } from './order-payment.service.ts';

/**
 * What staff do to an order (the operations console will call these): ship, complete, cancel with a
 * refund, refund part of a paid order, add a tracking line. Each writes an event and tells the member.
 */

async function orderOrThrow(db: Kysely<Database>, orderNo: string): Promise<OrderRow> {
  const order = await findOrderByNo(db, orderNo);
  if (!order) throw new AppError(orderErrors.notFound);
  return order;
}

export async function shipOrder(db: Kysely<Database>, shipment: { orderNo: string; carrierCode: string; trackingNo: string; now?: number }): Promise<OrderRow> {
  const now = shipment.now ?? Date.now();
  const carrier = carrierOrThrow(shipment.carrierCode);
  const trackingNo = shipment.trackingNo.trim();
  if (!carrier.isPickup && trackingNo === '') throw new AppError(orderErrors.trackingNoMissing);
  const order = await orderOrThrow(db, shipment.orderNo);
  // Reservations only grow while an order is open, so a check before the claim stays true.
  if (canApply(OrderAction.ship, order.status)) await refuseShipmentWhileWaiting(db, order.id);
  const shipped = await withTransaction(db, (trx) =>
    applyTransition(trx, {
      orderId: order.id,
      action: OrderAction.ship,
      now,
      changes: { shippedAt: now, carrierCode: carrier.code, trackingNo: trackingNo || null },
      eventText: () => (carrier.code === CarrierCode.pickup ? '商品已备好，请到仓库自提' : `已发货：${carrier.name}，运单号 ${trackingNo}`),
      messageText: (row) =>
        carrier.code === CarrierCode.pickup
          ? `您的订单${row.orderNo}已备货完成，请到仓库自提。`
          : `您的订单${row.orderNo}已发货，${carrier.name}运单号${trackingNo}。`,
    }),
  );
  if (!shipped) throw new AppError(orderErrors.notShippable);
  return shipped;
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
): Promise<{ order: OrderRow; refund: PaymentRefundRow | null }> {
  const now = request.now ?? Date.now();
  const reason = request.reason.trim() || '客服取消订单';
  const order = await orderOrThrow(ctx.db, request.orderNo);
  if (!canApply(OrderAction.cancelByStaff, order.status)) throw new AppError(orderErrors.notCancellable);
  const cancelled = await withTransaction(ctx.db, (trx) =>
    applyTransition(trx, {
      orderId: order.id,
      action: OrderAction.cancelByStaff,
      now,
      changes: { cancelledAt: now, cancelReason: reason },
      eventText: () => `客服取消了订单：${reason}`,
      messageText: (current) =>
        current.paidAt === null ? `您的订单${current.orderNo}已被取消：${reason}。` : `您的订单${current.orderNo}已被取消：${reason}，货款将原路退回。`,
    }),
  );
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
export async function refundOrder(ctx: RefundContext, request: RefundOrderRequest & { now?: number }): Promise<{ order: OrderRow; refund: PaymentRefundRow }> {
  const refund = await refundPayment(ctx, request, request.now);
  return { order: await orderOrThrow(ctx.db, request.orderNo), refund };
}

/** A line of the parcel's journey the warehouse or carrier reported: the default tracking provider shows these. */
export async function recordTrackingEvent(db: Kysely<Database>, request: { orderNo: string; text: string; at: number }): Promise<void> {
  const order = await orderOrThrow(db, request.orderNo);
  await insertOrderEvents(db, [{ orderId: order.id, kind: 'tracking', text: request.text, at: request.at }]);
}
