import { createHash } from 'node:crypto';
import type { Actor } from '../../../contract/lifecycle.ts';
import { OrderStatus, PaymentMethod } from '../../../contract/order.ts';
import { paymentLifecycle, type PaymentLifecycleEvent } from '../../../contract/payment-lifecycle.ts';
import { AttemptStatus, paymentErrors, RefundKind, type PaymentInstruction } from '../../../contract/payment.ts';
import { withTransaction, type AlongsideChange } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { assertAllowed, claimFrom, refusalNow } from '../../lifecycle/lifecycle-guard.ts';
import { findOrderForStaff } from '../order/order-staff.service.ts';
import type { OrderRow } from '../order/order.tables.ts';
import { askAndApply, nextCheckAt, type RefundContext } from './payment-refund-flow.ts';
import { findRefund, insertRefund } from './payment-refund.repository.ts';
import { findAttemptById, insertAttemptIfAbsent, insertNotification, moveAttempt } from './payment.repository.ts';
import { NotificationOutcome, type PaymentAttemptRow, type PaymentRefundRow } from './payment.tables.ts';

/**
 * Money that arrives for an order that cannot take it (cancelled, closed, paid another way, another
 * amount) goes straight back through the provider that brought it: the attempt moves to 待退回 and
 * its refund (kind latePayment, 处理中) is queued in one transaction, then the provider is asked.
 * The refund's number is derived from the attempt, so a replayed notification, a query racing it
 * or a second reconciler never refunds twice. Its amount is not counted in orders.refunded_cents:
 * the order never took that money.
 */

/** The late payment's refund number: one per attempt (an order's payment by one method). */
export function lateRefundNoOf(attempt: Pick<PaymentAttemptRow, 'method' | 'outTradeNo'>): string {
  return `L-${attempt.method}-${attempt.outTradeNo}`;
}

/** Why the order did not take the money, in the words staff and the buyer read. */
function lateCauseOf(order: OrderRow | null, amountCents: number): string {
  if (!order) return '订单不存在';
  if (order.status === OrderStatus.cancelled) return '订单已取消';
  if (order.status === OrderStatus.closed) return '订单已关闭';
  if (order.paidAt !== null || order.status !== OrderStatus.unpaid) return '订单已付款，重复付款';
  return order.payableCents === amountCents ? '订单不可支付' : '付款金额与应付金额不符';
}

async function orderOrNull(ctx: RefundContext, orderNo: string): Promise<OrderRow | null> {
  try {
    return await findOrderForStaff(ctx.db, orderNo);
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

export interface LatePayment {
  /** The provider's number of the payment (null for a bank transfer). */
  tradeNo: string | null;
  amountCents: number;
  paidAt: number;
}

/**
 * Moves the attempt to 待退回 with the money that arrived and queues its refund, then asks the
 * provider. Null when the attempt had already left 待支付/已关闭 (a replay, or a racing
 * notification or query): nothing more is refunded.
 */
export async function refundLatePayment(
  ctx: RefundContext,
  attempt: PaymentAttemptRow,
  payment: LatePayment,
  now: number,
  options: { event?: Extract<PaymentLifecycleEvent, 'arriveLate' | 'recordLateTransfer'>; alongside?: AlongsideChange<PaymentRefundRow> } = {},
): Promise<PaymentRefundRow | null> {
  const cause = lateCauseOf(await orderOrNull(ctx, attempt.orderNo), payment.amountCents);
  const refundNo = lateRefundNoOf(attempt);
  const queued = await withTransaction(ctx.db, async (trx) => {
    const isMoved = await moveAttempt(trx, attempt.id, claimFrom(paymentLifecycle, options.event ?? 'arriveLate'), {
      status: AttemptStatus.lateRefunding,
      tradeNo: payment.tradeNo,
      paidCents: payment.amountCents,
      paidAt: payment.paidAt,
      updatedAt: now,
      nextCheckAt: null,
    });
    if (!isMoved) return null;
    await insertRefund(trx, {
      refundNo,
      orderNo: attempt.orderNo,
      userId: attempt.userId,
      method: attempt.method,
      amountCents: payment.amountCents,
      kind: RefundKind.latePayment,
      attemptId: attempt.id,
      reason: cause,
      answer: '',
      createdAt: now,
      updatedAt: now,
      nextCheckAt: attempt.method === PaymentMethod.bankTransfer ? null : nextCheckAt(ctx.config.payments, 0, now),
    });
    const refund = await findRefund(trx, refundNo);
    if (refund) await options.alongside?.(trx, refund);
    return refund ?? null;
  });
  if (!queued) return null;
  ctx.metrics?.lateRefunds.inc({ method: attempt.method, status: 'requested' });
  ctx.logger.warn(
    { method: attempt.method, orderNo: attempt.orderNo, refundNo, tradeNo: payment.tradeNo, amountCents: payment.amountCents, cause },
    'payment: money arrived for an order that cannot take it; it is refunded through its provider',
  );
  return askAndApply(ctx, queued, now, { orderNo: attempt.outTradeNo, tradeNo: payment.tradeNo, totalCents: payment.amountCents });
}

/**
 * A 待退回 attempt with no refund queued (marked before late payments were refunded, or a crash
 * between the two): its refund is queued and asked now. Null when another got there first.
 */
export async function queueMissingLateRefund(ctx: RefundContext, attempt: PaymentAttemptRow, now: number): Promise<PaymentRefundRow | null> {
  const amountCents = attempt.paidCents ?? attempt.amountCents;
  const refundNo = lateRefundNoOf(attempt);
  const isNew = await insertRefund(ctx.db, {
    refundNo,
    orderNo: attempt.orderNo,
    userId: attempt.userId,
    method: attempt.method,
    amountCents,
    kind: RefundKind.latePayment,
    attemptId: attempt.id,
    reason: lateCauseOf(await orderOrNull(ctx, attempt.orderNo), amountCents),
    answer: '',
    createdAt: now,
    updatedAt: now,
    nextCheckAt: attempt.method === PaymentMethod.bankTransfer ? null : nextCheckAt(ctx.config.payments, 0, now),
  });
  const refund = isNew ? await findRefund(ctx.db, refundNo) : undefined;
  if (!refund) return null;
  ctx.metrics?.lateRefunds.inc({ method: attempt.method, status: 'requested' });
  return askAndApply(ctx, refund, now, { orderNo: attempt.outTradeNo, tradeNo: attempt.tradeNo, totalCents: amountCents });
}

export interface LateBankTransfer {
  orderNo: string;
  amountCents: number;
  /** What staff saw (the bank's serial number …): kept with the transfer's record. */
  staffNote: string;
  /** The staff member, checked against the payment lifecycle's actors (Payment:update). */
  actor?: Actor;
}

/**
 * Finance saw a bank transfer (对公转账) arrive for an order that can no longer take it (cancelled,
 * closed, paid another way, or another amount than it owes): it is recorded on the order's
 * bank-transfer attempt (待退回) with a 线下退款 (处理中) for finance to pay back and then confirm
 * (confirmOfflineRefund). Refused while the order could take it (confirm the transfer instead),
 * and when a transfer was already recorded or confirmed for the order. `alongside` runs in the
 * transaction that records it. Answers the refund.
 */
export async function recordLateBankTransfer(
  ctx: RefundContext,
  request: LateBankTransfer,
  now = Date.now(),
  alongside?: AlongsideChange<PaymentRefundRow>,
): Promise<PaymentRefundRow> {
  if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) throw new AppError(paymentErrors.amountInvalid);
  const order = await findOrderForStaff(ctx.db, request.orderNo);
  const isOrderPayable = order.status === OrderStatus.unpaid && order.payableCents === request.amountCents;
  const instruction: PaymentInstruction = {
    kind: 'bank',
    method: 'bankTransfer',
    account: { ...ctx.config.payments.bank },
    reference: order.orderNo,
    amountCents: order.payableCents,
    payBefore: null,
  };
  const attempt = await insertAttemptIfAbsent(ctx.db, {
    orderNo: order.orderNo,
    userId: order.userId,
    method: PaymentMethod.bankTransfer,
    outTradeNo: order.orderNo,
    amountCents: order.payableCents,
    instructionJson: JSON.stringify(instruction),
    createdAt: now,
    updatedAt: now,
    nextCheckAt: null,
  });
  const factsOf = (row: PaymentAttemptRow) => ({ state: row.status, isOrderPayable, isPastHorizon: false });
  assertAllowed(paymentLifecycle, 'recordLateTransfer', factsOf(attempt), request.actor);
  const refund = await refundLatePayment(ctx, attempt, { tradeNo: null, amountCents: request.amountCents, paidAt: now }, now, {
    event: 'recordLateTransfer',
    alongside,
  });
  if (!refund) throw refusalNow(paymentLifecycle, 'recordLateTransfer', factsOf((await findAttemptById(ctx.db, attempt.id)) ?? attempt));
  const note = request.staffNote.trim();
  await insertNotification(ctx.db, {
    method: PaymentMethod.bankTransfer,
    orderNo: order.orderNo,
    tradeNo: null,
    amountCents: request.amountCents,
    outcome: order.payableCents === request.amountCents ? NotificationOutcome.refundNeeded : NotificationOutcome.wrongAmount,
    reason: `员工登记到账退回${note ? `：${note}` : ''}`.slice(0, 200),
    bodySha256: createHash('sha256')
      .update(`${order.orderNo}\n${String(request.amountCents)}\n${note}\n${String(now)}`)
      .digest('hex'),
    receivedAt: now,
  });
  return refund;
}
