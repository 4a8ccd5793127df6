import type { Kysely, Transaction } from 'kysely';
import type { Actor } from '../../../contract/lifecycle.ts';
import { orderErrors, type OrderStatus } from '../../../contract/order.ts';
import { orderLifecycle, orderLifecycleErrors } from '../../../contract/order-lifecycle.ts';
import { paymentErrors, type RefundKind } from '../../../contract/payment.ts';
import { formatCents } from '../../../contract/pricing.ts';
import type { Database } from '../../db/database.ts';
import { withTransaction, type AlongsideChange } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { assertAllowed } from '../../lifecycle/lifecycle-guard.ts';
import {
  checkedTakeOffs,
  findOrderForStaff,
  loadOrderFacts,
  refundEventOf,
  refundOrderChanges,
  takeOffLines,
  transitionOrThrow,
  type LineTakeOff,
  type RefundEvent,
} from '../order/order-staff.service.ts';
import type { OrderRow } from '../order/order.tables.ts';
import { findOrderRefund, refundPayment, type RefundContext, type RefundOrderRequest } from './payment-refund.service.ts';
import type { PaymentRefundRow } from './payment.tables.ts';

/**
 * Staff cancel a paid order or refund one (the console's 取消 and 退款, after-sales' 退款): the
 * order changes by its lifecycle in the very transaction that claims the refund number and holds
 * its amount, so a crash between them cannot lose the money, and the provider is asked after.
 * These sit in the payment feature, above the order feature they drive (order never imports payment).
 */

async function orderOrThrow(db: Kysely<Database>, orderNo: string): Promise<OrderRow> {
  return findOrderForStaff(db, orderNo);
}

/** The refund number a staff cancellation gives the rest of a paid order: the same cancellation is the same refund. */
export function cancelRefundNo(orderNo: string): string {
  return `C${orderNo}`;
}

/**
 * Staff cancel an unpaid or paid-but-unshipped order: stock and coupons go back; what a paid one
 * has not had refunded goes back through its provider (refund number C + the order number), claimed
 * in the same transaction as the cancellation, so a crash between them cannot lose it. A provider
 * that refuses leaves the order cancelled and the refund 失败, still owed: it is tried again (the
 * reconciliation, or staff). Answers the order and that refund (null for an unpaid order).
 */
export async function cancelByStaff(
  ctx: RefundContext,
  request: { orderNo: string; reason: string; seen?: OrderStatus; actor?: Actor; now?: number },
  alongside?: AlongsideChange<OrderRow>,
): Promise<{ order: OrderRow; refund: PaymentRefundRow | null }> {
  const now = request.now ?? Date.now();
  const reason = request.reason.trim() || '客服取消订单';
  const order = await orderOrThrow(ctx.db, request.orderNo);
  const facts = await loadOrderFacts(ctx.db, order, now);
  assertAllowed(orderLifecycle, 'cancelByStaff', facts, request.actor);
  const cancel = async (trx: Transaction<Database>) => {
    const row = await transitionOrThrow(trx, {
      orderId: order.id,
      event: 'cancelByStaff',
      // From the status read, never another: an order paid meanwhile would be cancelled without its refund.
      seen: request.seen ?? order.status,
      now,
      changes: { cancelledAt: now, cancelReason: reason },
      eventText: () => `客服取消了订单：${reason}`,
      messageText: (current) =>
        current.paidAt === null ? `您的订单${current.orderNo}已被取消：${reason}。` : `您的订单${current.orderNo}已被取消：${reason}，货款将原路退回。`,
    });
    await alongside?.(trx, row);
    return row;
  };
  const rest = facts.paidCents - facts.refundedCents;
  if (rest <= 0) {
    await withTransaction(ctx.db, cancel);
    return { order: await orderOrThrow(ctx.db, order.orderNo), refund: null };
  }
  const refundNo = cancelRefundNo(order.orderNo);
  const refund = await refundKeepingOrderChange(
    ctx,
    { orderNo: order.orderNo, refundNo, amountCents: rest, reason: `取消订单：${reason}`, kind: 'cancellation' },
    now,
    async (trx) => {
      const current = await findOrderForStaff(trx, order.orderNo);
      // Paid meanwhile by someone else's refund: the rest is no longer what this cancellation holds.
      if (current.payableCents - current.refundedCents !== 0) throw new AppError(orderLifecycleErrors.changedMeanwhile);
      await cancel(trx);
    },
  );
  return { order: await orderOrThrow(ctx.db, order.orderNo), refund };
}

/**
 * refundPayment, where the order has already changed with the refund's claim: a provider's refusal
 * leaves the change and the refund 失败 (owed, to be tried again), so the caller gets the record.
 */
async function refundKeepingOrderChange(
  ctx: RefundContext,
  request: RefundOrderRequest,
  now: number,
  alongside: AlongsideChange<PaymentRefundRow>,
): Promise<PaymentRefundRow> {
  try {
    return await refundPayment(ctx, request, now, alongside);
  } catch (error) {
    if (!(error instanceof AppError) || error.errorCode !== paymentErrors.refundProviderFailed.errorCode) throw error;
    ctx.logger.warn({ orderNo: request.orderNo, refundNo: request.refundNo }, 'order: changed with a refund the provider did not take; it stays owed');
    const refund = await findOrderRefund(ctx.db, request.refundNo);
    if (!refund) throw error;
    return refund;
  }
}

export interface StaffRefundRequest extends RefundOrderRequest {
  /** Units taken off lines before they are sent (不再发货); they go back to stock. */
  lines?: readonly LineTakeOff[];
  /** The status the staff member's page showed. */
  seen?: OrderStatus;
  actor?: Actor;
  now?: number;
}

function refundTexts(event: RefundEvent, amount: string, reason: string, linesText: string) {
  const lines = linesText ? `（不再发货：${linesText}）` : '';
  if (event === 'refundInFull')
    return {
      event: `全额退款 ${amount}，订单已关闭：${reason}`,
      message: (orderNo: string) => `您的订单${orderNo}已全额退款${amount}，订单已关闭，款项将原路退回。`,
    };
  if (event === 'refundRemaining')
    return {
      event: `退款 ${amount}，未发出的商品不再发货${lines}：${reason}`,
      message: (orderNo: string) => `您的订单${orderNo}中未发出的商品已取消${lines}，退款${amount}将原路退回，已发出的包裹请注意查收。`,
    };
  return {
    event: `申请退款 ${amount}${lines}：${reason}`,
    message: (orderNo: string) => (linesText ? `您的订单${orderNo}中部分商品已取消${lines}，退款${amount}将原路退回，其余商品照常发货。` : null),
  };
}

/**
 * A refund of part or all of a paid order, through the provider that took the payment
 * (payment-refund.service): the same refund number is the same refund however often staff send it
 * (a repeat changes nothing more), and the total refunded never passes what was paid. The refund
 * that completes the paid amount closes the order (已关闭: unsent units back to stock, nothing more
 * shipped or invoiced); one that takes units off lines keeps the rest shippable; one that takes off
 * everything left of a partly shipped order makes it 已发货. The order changes in the transaction
 * that claims the refund number, decided again there so a concurrent refund or parcel cannot make
 * it wrong. Answers the order and the refund (处理中 while WeChat Pay or a 线下退款 has not finished it).
 */
export async function refundOrder(
  ctx: RefundContext,
  request: StaffRefundRequest,
  alongside?: AlongsideChange<PaymentRefundRow>,
): Promise<{ order: OrderRow; refund: PaymentRefundRow }> {
  const now = request.now ?? Date.now();
  const { lines: asked, seen, actor } = request;
  const refundRequest: RefundOrderRequest = {
    orderNo: request.orderNo,
    refundNo: request.refundNo,
    amountCents: request.amountCents,
    reason: request.reason,
    kind: request.kind,
  };
  if (await findOrderRefund(ctx.db, request.refundNo)) {
    // A repeat of a refund number: the refund as recorded (a failed one is asked again); the order changed with its first claim.
    const refund = await refundPayment(ctx, refundRequest, now, alongside);
    return { order: await orderOrThrow(ctx.db, request.orderNo), refund };
  }
  const order = await orderOrThrow(ctx.db, request.orderNo);
  const takeOffs = checkedTakeOffs(asked ?? []);
  const unitsTakenOff = takeOffs.reduce((sum, line) => sum + line.quantity, 0);
  const facts = await loadOrderFacts(ctx.db, order, now);
  if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) throw new AppError(orderErrors.notRefundable);
  const event = refundEventOf(facts, request.amountCents, unitsTakenOff);
  assertAllowed(orderLifecycle, event, facts, actor);
  const kind: RefundKind = event === 'refundInFull' ? 'closing' : unitsTakenOff > 0 ? 'lines' : (request.kind ?? 'adjustment');
  const reason = request.reason.trim() || '售后退款';
  const changeOrder = async (trx: Transaction<Database>, claimed: PaymentRefundRow) => {
    const current = await findOrderForStaff(trx, order.orderNo);
    const factsNow = await loadOrderFacts(trx, current, now);
    // The claim has held this refund's amount already: decide on the facts without it.
    if (refundEventOf({ ...factsNow, refundedCents: factsNow.refundedCents - request.amountCents }, request.amountCents, unitsTakenOff) !== event)
      throw new AppError(orderLifecycleErrors.changedMeanwhile);
    const linesText = event === 'refundInFull' || takeOffs.length === 0 ? '' : await takeOffLines(trx, order.id, takeOffs, now);
    const texts = refundTexts(event, formatCents(request.amountCents), reason, linesText);
    await transitionOrThrow(trx, {
      orderId: order.id,
      event,
      seen,
      now,
      changes: await refundOrderChanges(trx, order.id, event, now),
      eventText: () => texts.event,
      messageText: (row) => texts.message(row.orderNo),
    });
    await alongside?.(trx, claimed);
  };
  const refundWith = { ...refundRequest, reason, kind };
  const refund =
    kind === 'adjustment' ? await refundPayment(ctx, refundWith, now, changeOrder) : await refundKeepingOrderChange(ctx, refundWith, now, changeOrder);
  return { order: await orderOrThrow(ctx.db, request.orderNo), refund };
}
