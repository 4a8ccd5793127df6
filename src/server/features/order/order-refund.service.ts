import type { Kysely } from 'kysely';
import { orderErrors, OrderStatus, paymentMethodLabels, type PaymentMethod } from '../../../contract/order.ts';
import { formatCents } from '../../../contract/pricing.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { findOrderByNo, insertOrderEvents } from './order.repository.ts';
import { holdRefundedCents, releaseRefundedCents } from './order-payment.repository.ts';
import { notifyMember } from './order-transition.service.ts';

/**
 * What a refund needs of the order (the payment feature asks the provider): the paid order, the
 * refunded total held before the provider is asked (so racing refunds never pass what was paid)
 * and given back when it refuses, and the timeline line and message once the money is back.
 */

export interface RefundableOrder {
  orderId: number;
  orderNo: string;
  userId: number;
  payableCents: number;
  refundedCents: number;
  /** The method that took the payment, and the provider's number for it. */
  paymentMethod: PaymentMethod;
  paymentTradeNo: string | null;
}

function isPaymentMethod(value: string | null): value is PaymentMethod {
  return value !== null && value in paymentMethodLabels;
}

/** The order if it was paid (order.notFound, order.notRefundable otherwise). */
export async function findRefundableOrder(db: Kysely<Database>, orderNo: string): Promise<RefundableOrder> {
  const order = await findOrderByNo(db, orderNo);
  if (!order) throw new AppError(orderErrors.notFound);
  if (order.paidAt === null || order.status === OrderStatus.unpaid || !isPaymentMethod(order.paymentMethod)) throw new AppError(orderErrors.notRefundable);
  return {
    orderId: order.id,
    orderNo: order.orderNo,
    userId: order.userId,
    payableCents: order.payableCents,
    refundedCents: order.refundedCents,
    paymentMethod: order.paymentMethod,
    paymentTradeNo: order.paymentTradeNo,
  };
}

/** Counts `cents` as refunded before the provider is asked; false when that would pass what was paid. */
export function holdRefund(db: Kysely<Database>, orderNo: string, cents: number, now: number): Promise<boolean> {
  return holdRefundedCents(db, orderNo, cents, now);
}

/** The provider did not refund: the held amount is refundable again. */
export function releaseRefund(db: Kysely<Database>, orderNo: string, cents: number, now: number): Promise<boolean> {
  return releaseRefundedCents(db, orderNo, cents, now);
}

/** The money is back with the buyer: the timeline's 已退款 line and the member's order message. */
export async function recordRefunded(
  db: Kysely<Database>,
  refund: { orderNo: string; amountCents: number; reason: string; isOffline: boolean },
  now: number,
): Promise<void> {
  const order = await findOrderByNo(db, refund.orderNo);
  if (!order) return;
  const amount = formatCents(refund.amountCents);
  await insertOrderEvents(db, [{ orderId: order.id, kind: 'refunded', text: `已退款 ${amount}：${refund.reason}`, at: now }]);
  const route = refund.isOffline ? '已转回您的付款账户' : '已原路退回';
  await notifyMember(db, order.userId, `您的订单${order.orderNo}已退款${amount}，${route}。`, now);
}
