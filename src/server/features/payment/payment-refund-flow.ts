import type { Kysely, Transaction } from 'kysely';
import type { Logger } from 'pino';
import { MessageType } from '../../../contract/message.ts';
import { PaymentMethod } from '../../../contract/order.ts';
import { paymentLifecycle } from '../../../contract/payment-lifecycle.ts';
import { isBindingRefund, refundNotifyPaths, RefundKind, RefundStatus } from '../../../contract/payment.ts';
import { formatCents } from '../../../contract/pricing.ts';
import { refundLifecycle, type RefundFacts, type RefundLifecycleEvent } from '../../../contract/refund-lifecycle.ts';
import type { PaymentConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { withTransaction, type AlongsideChange } from '../../db/transaction.ts';
import { claimFrom } from '../../lifecycle/lifecycle-guard.ts';
import { sendMessages } from '../message/message.service.ts';
import { findRefundableOrder, recordRefunded, releaseRefund } from '../order/order-refund.service.ts';
import { creditRefundOnAccount } from '../company-credit/company-credit.service.ts';
import { ProviderError, type ProviderRefund } from './payment-provider.ts';
import type { PaymentProviders } from './payment-providers.ts';
import type { PaymentMetrics } from './payment.metrics.ts';
import { findRefund, moveRefund } from './payment-refund.repository.ts';
import { findAttemptById, moveAttempt } from './payment.repository.ts';
import { AttemptStatus, type PaymentRefundRow } from './payment.tables.ts';

/**
 * What every way of asking a provider for a refund shares (staff, a late payment, the
 * reconciliation): the payment it refunds, the question, and the one conditional update that ends
 * a 处理中 refund with what it changes beside (the order's 已退款 line, the amount given back or
 * kept owed, a late payment's attempt).
 */

export interface RefundContext {
  db: Kysely<Database>;
  logger: Logger;
  providers: PaymentProviders;
  config: { payments: PaymentConfig };
  /** /metrics' counters (absent in tools that keep none). */
  metrics?: PaymentMetrics;
}

/** The provider's answer as kept for staff: its code and message in short. */
const answerMaxLength = 500;
const maxCheckDelayMs = 6 * 3_600_000;
/** PAYMENT_RECONCILE_AFTER_MINUTES' default, for staff tools handed no configuration. */
const defaultSchedule = { reconcileAfterMinutes: 10 };

export function clipAnswer(answer: string): string {
  return answer.slice(0, answerMaxLength);
}

/** When the reconciliation looks again: PAYMENT_RECONCILE_AFTER_MINUTES, doubling with each look, at most 6 hours. */
export function nextCheckAt(config: Pick<PaymentConfig, 'reconcileAfterMinutes'>, checkCount: number, now: number): number {
  return now + Math.min(config.reconcileAfterMinutes * 60_000 * 2 ** Math.min(checkCount, 16), maxCheckDelayMs);
}

export function refundFactsOf(refund: Pick<PaymentRefundRow, 'status' | 'kind' | 'method'>): RefundFacts {
  return { state: refund.status, kind: refund.kind, isOffline: refund.method === PaymentMethod.bankTransfer };
}

/** The payment a refund gives back: the order's (out_trade_no is the order number) or a late payment's attempt. */
export interface RefundTarget {
  orderNo: string;
  tradeNo: string | null;
  totalCents: number;
}

export async function targetOfRefund(db: Kysely<Database>, refund: PaymentRefundRow): Promise<RefundTarget> {
  if (refund.attemptId !== null) {
    const attempt = await findAttemptById(db, refund.attemptId);
    if (!attempt) throw new Error(`refund ${refund.refundNo}: its attempt ${String(refund.attemptId)} vanished`);
    return { orderNo: attempt.outTradeNo, tradeNo: attempt.tradeNo, totalCents: attempt.paidCents ?? refund.amountCents };
  }
  const order = await findRefundableOrder(db, refund.orderNo);
  return { orderNo: order.orderNo, tradeNo: order.paymentTradeNo, totalCents: order.payableCents };
}

function notifyUrlOf(ctx: RefundContext, method: PaymentMethod): string {
  return method === PaymentMethod.wechat ? `${ctx.config.payments.publicBaseUrl ?? ''}${refundNotifyPaths.wechat}` : '';
}

/**
 * Asks the refund's provider under its number (outside any transaction). No trustworthy answer (no
 * answer, a bad signature) leaves the refund 处理中: the money may have gone back, so the
 * reconciliation asks the provider what became of it rather than give the amount back.
 */
export async function askProvider(ctx: RefundContext, refund: PaymentRefundRow, target: RefundTarget): Promise<ProviderRefund> {
  const provider = ctx.providers.find(refund.method);
  if (!provider) return { status: 'failed', providerRefundNo: null, answer: `${refund.method} 未配置，无法退款` };
  try {
    return await provider.refund({
      orderNo: target.orderNo,
      tradeNo: target.tradeNo,
      refundNo: refund.refundNo,
      amountCents: refund.amountCents,
      totalCents: target.totalCents,
      reason: refund.reason,
      notifyUrl: notifyUrlOf(ctx, refund.method),
    });
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    return { status: 'processing', providerRefundNo: null, answer: `渠道应答不明，待查询：${error.message}` };
  }
}

export interface EndOptions {
  /** The event that ends it: the provider's answer by default, confirmOffline for 线下退款. */
  event?: RefundLifecycleEvent;
  /** Runs in the transaction that ends it. */
  alongside?: AlongsideChange<PaymentRefundRow>;
}

/**
 * Ends a 处理中 refund once (a replayed notification or a second reconciler finds it ended: false).
 * 成功: the order's 已退款 line and message, or for a late payment its attempt 已退回 and a message.
 * 失败: an adjustment gives its held amount back; a binding refund keeps it (owed) and is scheduled
 * to be tried again.
 */
export async function endRefund(
  ctx: Pick<RefundContext, 'db'> & Partial<Pick<RefundContext, 'config' | 'metrics'>>,
  refund: PaymentRefundRow,
  status: typeof RefundStatus.succeeded | typeof RefundStatus.failed,
  change: { answer: string; providerRefundNo?: string | null },
  now: number,
  options: EndOptions = {},
): Promise<boolean> {
  const event = options.event ?? (status === RefundStatus.succeeded ? 'providerSucceeded' : 'providerFailed');
  const isOwed = status === RefundStatus.failed && isBindingRefund(refund.kind);
  const isEnded = await withTransaction(ctx.db, async (trx) => {
    const isMoved = await moveRefund(trx, refund.refundNo, claimFrom(refundLifecycle, event), {
      status,
      answer: clipAnswer(change.answer),
      ...(change.providerRefundNo === undefined ? {} : { providerRefundNo: change.providerRefundNo }),
      updatedAt: now,
      finishedAt: now,
      nextCheckAt: isOwed ? nextCheckAt(ctx.config?.payments ?? defaultSchedule, refund.checkCount, now) : null,
    });
    if (!isMoved) return false;
    await options.alongside?.(trx, { ...refund, status });
    if (status === RefundStatus.succeeded) {
      // 月结: the amount goes back to the company's credit, a negative line of its statement.
      if (refund.method === PaymentMethod.onAccount) await creditRefundOnAccount(trx, refund, now);
      if (refund.kind === RefundKind.latePayment) await finishLateRefund(trx, refund, now);
      else
        await recordRefunded(
          trx,
          { orderNo: refund.orderNo, amountCents: refund.amountCents, reason: refund.reason, isOffline: refundFactsOf(refund).isOffline },
          now,
        );
    } else if (!isOwed) {
      await releaseRefund(trx, refund.orderNo, refund.amountCents, now);
    }
    return true;
  });
  if (isEnded && refund.kind === RefundKind.latePayment) ctx.metrics?.lateRefunds.inc({ method: refund.method, status });
  return isEnded;
}

/** A late payment went back: its attempt is 已退回, and the buyer is told. */
async function finishLateRefund(trx: Transaction<Database>, refund: PaymentRefundRow, now: number): Promise<void> {
  if (refund.attemptId !== null) {
    await moveAttempt(trx, refund.attemptId, claimFrom(paymentLifecycle, 'finishLateRefund'), { status: AttemptStatus.lateRefunded, updatedAt: now });
  }
  const route = refund.method === PaymentMethod.bankTransfer ? '已转回您的付款账户' : '已原路退回';
  const text = `您为订单${refund.orderNo}支付的${formatCents(refund.amountCents)}未能入账（${refund.reason}），${route}。`;
  await sendMessages(trx, [{ userId: refund.userId, messageType: MessageType.order, msgContent: text, sendDate: now }]);
}

/**
 * Applies a provider's answer to a refund it was just asked for: 处理中 keeps its answer and waits
 * (for a notification, or the reconciliation's next look); 成功 and 失败 end it.
 */
export async function applyAnswer(ctx: RefundContext, refund: PaymentRefundRow, answer: ProviderRefund, now: number): Promise<PaymentRefundRow> {
  if (answer.status === 'processing') {
    await moveRefund(ctx.db, refund.refundNo, claimFrom(refundLifecycle, 'request'), {
      answer: clipAnswer(answer.answer),
      ...(answer.providerRefundNo === null ? {} : { providerRefundNo: answer.providerRefundNo }),
      updatedAt: now,
      nextCheckAt: refund.method === PaymentMethod.bankTransfer ? null : nextCheckAt(ctx.config.payments, 0, now),
    });
  } else {
    await endRefund(ctx, refund, answer.status === 'succeeded' ? RefundStatus.succeeded : RefundStatus.failed, answer, now);
  }
  if (answer.status === 'failed') {
    ctx.logger.warn(
      { orderNo: refund.orderNo, refundNo: refund.refundNo, method: refund.method, kind: refund.kind, answer: answer.answer },
      'payment: the refund failed',
    );
  }
  return (await findRefund(ctx.db, refund.refundNo)) ?? refund;
}

/** Asks the provider for a refund just claimed (处理中) and applies its answer. */
export async function askAndApply(ctx: RefundContext, refund: PaymentRefundRow, now: number, target?: RefundTarget): Promise<PaymentRefundRow> {
  const answer = await askProvider(ctx, refund, target ?? (await targetOfRefund(ctx.db, refund)));
  return applyAnswer(ctx, refund, answer, now);
}
