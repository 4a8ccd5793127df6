import { createHash } from 'node:crypto';
import type { PaymentMethod } from '../../../contract/order.ts';
import { RefundStatus } from '../../../contract/payment.ts';
import type { CounterStore } from '../../http/counter-store.ts';
import type { Logger } from 'pino';
import type { NotificationRequest, NotifyingProvider, ProviderAnswer } from './payment-provider.ts';
import { endRefund, type RefundContext } from './payment-refund-flow.ts';
import { findRefund } from './payment-refund.repository.ts';
import { settlePayment, type PaymentContext } from './payment-settlement.ts';
import { findAttempt, insertNotification } from './payment.repository.ts';
import { NotificationOutcome } from './payment.tables.ts';

/**
 * A provider's notification: verified by the provider's rules, then applied once. Every notice is
 * recorded with what came of it. Only a notice that cannot be verified is refused (the provider
 * retries, and a forger learns nothing); a genuine one is acknowledged whatever it said, since
 * retrying would not change it.
 */

interface NoticeFields {
  orderNo?: string | null;
  tradeNo?: string;
  amountCents?: number;
  reason?: string;
}

function recorder(ctx: Pick<RefundContext, 'db'>, method: PaymentMethod, rawBody: string, now: number) {
  const bodySha256 = createHash('sha256').update(rawBody).digest('hex');
  const record = (outcome: NotificationOutcome, fields: NoticeFields = {}) =>
    insertNotification(ctx.db, {
      method,
      orderNo: fields.orderNo ?? null,
      tradeNo: fields.tradeNo ?? null,
      amountCents: fields.amountCents ?? null,
      outcome,
      reason: fields.reason ?? '',
      bodySha256,
      receivedAt: now,
    });
  return { bodySha256, record };
}

/**
 * Forged notices kept per sender address: enough to see an attack in the table and the log, never a
 * table or a log a forger fills (a provider never sends one, so the limit costs only the forger).
 */
export const forgedNoticeLimit = { perWindow: 30, windowSeconds: 600 } as const;

async function recordForged(
  ctx: { counters: CounterStore; logger: Logger },
  request: NotificationRequest,
  write: () => Promise<unknown>,
  logFields: Record<string, unknown>,
  now: number,
): Promise<void> {
  const key = `pay-forged:${request.address ?? 'unknown'}`;
  const { isAllowed, count } = await ctx.counters.consume(key, forgedNoticeLimit.perWindow, forgedNoticeLimit.windowSeconds, now);
  if (!isAllowed) {
    if (count === forgedNoticeLimit.perWindow + 1)
      ctx.logger.warn({ ...logFields, address: request.address }, 'payment: forged notices from this address no longer recorded this window');
    return;
  }
  ctx.logger.warn({ ...logFields, address: request.address }, 'payment: notification refused, nothing changed');
  await write();
}

export async function receiveNotification(
  ctx: PaymentContext,
  provider: NotifyingProvider,
  request: NotificationRequest,
  now = Date.now(),
): Promise<ProviderAnswer> {
  const method = provider.method;
  const { bodySha256, record } = recorder(ctx, method, request.rawBody, now);
  const verdict = provider.verifyNotification(request, now);
  if (verdict.kind === 'forged') {
    await recordForged(ctx, request, () => record(NotificationOutcome.forged, { reason: verdict.reason }), { method, reason: verdict.reason, bodySha256 }, now);
    return provider.answers.refused;
  }
  if (verdict.kind === 'ignored') {
    await record(NotificationOutcome.ignored, { orderNo: verdict.orderNo, reason: verdict.reason });
    return provider.answers.accepted;
  }
  const { payment } = verdict;
  const paymentFields = { orderNo: payment.orderNo, tradeNo: payment.tradeNo, amountCents: payment.amountCents };
  const attempt = await findAttempt(ctx.db, payment.orderNo, method);
  if (!attempt) {
    ctx.logger.warn({ method, ...paymentFields }, 'payment: notification of a payment this store never started');
    await record(NotificationOutcome.unknownOrder, paymentFields);
    return provider.answers.accepted;
  }
  const outcome = await settlePayment(ctx, method, attempt, payment, now);
  if (outcome === NotificationOutcome.verified) ctx.logger.info({ method, ...paymentFields }, 'payment: order paid');
  await record(outcome, paymentFields);
  return provider.answers.accepted;
}

/**
 * 退款结果通知 (WeChat Pay): verified as payment notifications are, recorded with what came of it;
 * REFUND.SUCCESS ends the refund 成功 once, ABNORMAL and CLOSED end it 失败 (an adjustment gives
 * its amount back, a binding refund stays owed and is tried again).
 */
export async function receiveRefundNotification(
  ctx: Pick<RefundContext, 'db' | 'logger'> & Partial<Pick<RefundContext, 'config' | 'metrics'>> & { counters: CounterStore },
  provider: NotifyingProvider,
  request: NotificationRequest,
  now = Date.now(),
): Promise<ProviderAnswer> {
  const { bodySha256, record } = recorder(ctx, provider.method, request.rawBody, now);
  const verdict = provider.verifyRefundNotification?.(request, now) ?? { kind: 'forged', reason: 'noRefundNotifications' };
  if (verdict.kind === 'forged') {
    const logFields = { method: provider.method, reason: `refund ${verdict.reason}`, bodySha256 };
    await recordForged(ctx, request, () => record(NotificationOutcome.forged, { reason: `refund ${verdict.reason}` }), logFields, now);
    return provider.answers.refused;
  }
  if (verdict.kind === 'ignored') {
    await record(NotificationOutcome.ignored, { orderNo: verdict.orderNo, reason: `refund ${verdict.reason}` });
    return provider.answers.accepted;
  }
  const fields = { orderNo: verdict.orderNo, tradeNo: verdict.providerRefundNo, amountCents: verdict.amountCents, reason: `refund ${verdict.answer}` };
  const refund = await findRefund(ctx.db, verdict.refundNo);
  // A late payment's refund names the attempt's trade, whose out_trade_no is the order number too.
  if (refund?.orderNo !== verdict.orderNo || refund.amountCents !== verdict.amountCents) {
    ctx.logger.warn({ method: provider.method, refundNo: verdict.refundNo, ...fields }, 'payment: notification of a refund this store did not ask for');
    await record(refund ? NotificationOutcome.wrongAmount : NotificationOutcome.unknownOrder, fields);
    return provider.answers.accepted;
  }
  const status = verdict.status === 'succeeded' ? RefundStatus.succeeded : RefundStatus.failed;
  const isEnded = await endRefund(ctx, refund, status, { answer: verdict.answer, providerRefundNo: verdict.providerRefundNo }, now);
  if (isEnded && status === RefundStatus.failed)
    ctx.logger.warn({ refundNo: refund.refundNo, kind: refund.kind, answer: verdict.answer }, 'payment: the provider closed a refund unpaid');
  await record(isEnded ? NotificationOutcome.verified : NotificationOutcome.duplicate, fields);
  return provider.answers.accepted;
}
