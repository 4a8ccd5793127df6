import type { Kysely } from 'kysely';
import { OrderStatus } from '../../../../contract/order.ts';
import type { Database } from '../../../db/database.ts';

/**
 * Orders as the statistics tests need them, written as rows: every way an order ends up, each
 * either a deal (order-deal.ts) or not. The flows that lead there have their own tests; these
 * only read.
 */
export const OrderOutcome = {
  /** 待付款. */
  unpaid: 'unpaid',
  /** 已取消 before payment (by the buyer, or on expiry). */
  cancelled: 'cancelled',
  /** 已取消 by staff after payment, before its refund was asked for (nothing refunded yet). */
  cancelledAfterPayment: 'cancelledAfterPayment',
  /** 已关闭: refunded in full. */
  closed: 'closed',
  /** Refunded in full while its state still says 已完成 (rows from before 已关闭, or a refund being finished). */
  refundedInFull: 'refundedInFull',
  /** Paid, nothing refunded. */
  paid: 'paid',
  /** Paid and shipped, part of it refunded. */
  partlyRefunded: 'partlyRefunded',
} as const;
export type OrderOutcome = (typeof OrderOutcome)[keyof typeof OrderOutcome];

/** The outcomes that are no sale: they must never show or count. */
export const nonDealOutcomes = [
  OrderOutcome.unpaid,
  OrderOutcome.cancelled,
  OrderOutcome.cancelledAfterPayment,
  OrderOutcome.closed,
  OrderOutcome.refundedInFull,
] as const;

export interface OutcomeOrder {
  userId: number;
  outcome: OrderOutcome;
  payableCents: number;
  createdAt: number;
  /** When it was paid (outcomes that were paid); default a minute after createdAt. */
  paidAt?: number;
  productCount?: number;
  /** partlyRefunded: how much (default a quarter). */
  refundedCents?: number;
}

let serial = 0;

function rowOf(order: OutcomeOrder) {
  const paidAt = order.paidAt ?? order.createdAt + 60_000;
  const whole = order.payableCents;
  switch (order.outcome) {
    case OrderOutcome.unpaid:
      return { status: OrderStatus.unpaid, paidAt: null, refundedCents: 0, expiresAt: order.createdAt + 30 * 60_000 };
    case OrderOutcome.cancelled:
      return { status: OrderStatus.cancelled, paidAt: null, refundedCents: 0, cancelledAt: order.createdAt + 60_000, cancelReason: '买家取消' };
    case OrderOutcome.cancelledAfterPayment:
      return { status: OrderStatus.cancelled, paidAt, refundedCents: 0, cancelledAt: paidAt + 60_000, cancelReason: '客服取消' };
    case OrderOutcome.closed:
      return { status: OrderStatus.closed, paidAt, refundedCents: whole };
    case OrderOutcome.refundedInFull:
      return { status: OrderStatus.completed, paidAt, refundedCents: whole, completedAt: paidAt + 60_000 };
    case OrderOutcome.paid:
      return { status: OrderStatus.unshipped, paidAt, refundedCents: 0 };
    case OrderOutcome.partlyRefunded:
      return { status: OrderStatus.shipped, paidAt, refundedCents: order.refundedCents ?? Math.floor(whole / 4), shippedAt: paidAt + 60_000 };
  }
}

/** Writes the order; answers its number and what a deal of it keeps (0 for the others). */
export async function insertOutcomeOrder(db: Kysely<Database>, order: OutcomeOrder): Promise<{ orderNo: string; keptCents: number }> {
  serial += 1;
  const orderNo = `DL${String(process.pid % 100_000)}${String(serial).padStart(6, '0')}`;
  const row = rowOf(order);
  await db
    .insertInto('orders')
    .values({
      orderNo,
      idempotencyKey: `deal-${orderNo}`,
      userId: order.userId,
      productCount: order.productCount ?? 1,
      goodsCents: order.payableCents,
      payableCents: order.payableCents,
      paymentMethod: row.paidAt === null ? null : 'alipay',
      createdAt: order.createdAt,
      updatedAt: order.createdAt,
      ...row,
    })
    .execute();
  const isDealOutcome = !(nonDealOutcomes as readonly OrderOutcome[]).includes(order.outcome);
  return { orderNo, keptCents: isDealOutcome ? order.payableCents - row.refundedCents : 0 };
}
