import { createHash } from 'node:crypto';
import type { NotificationRequest, NotifyingProvider, ProviderAnswer } from './payment-provider.ts';
import { settlePayment, type PaymentContext } from './payment-settlement.ts';
import { findAttempt, insertNotification } from './payment.repository.ts';
import { NotificationOutcome } from './payment.tables.ts';

/**
 * A provider's notification: verified by the provider's rules, then applied once. Every notice is
 * recorded with what came of it. Only a notice that cannot be verified is refused (the provider
 * retries, and a forger learns nothing); a genuine one is acknowledged whatever it said, since
 * retrying would not change it.
 */
export async function receiveNotification(
  ctx: PaymentContext,
  provider: NotifyingProvider,
  request: NotificationRequest,
  now = Date.now(),
): Promise<ProviderAnswer> {
  const method = provider.method;
  const bodySha256 = createHash('sha256').update(request.rawBody).digest('hex');
  const record = (outcome: NotificationOutcome, fields: { orderNo?: string | null; tradeNo?: string; amountCents?: number; reason?: string } = {}) =>
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

  const verdict = provider.verifyNotification(request, now);
  if (verdict.kind === 'forged') {
    ctx.logger.warn({ method, reason: verdict.reason, bodySha256 }, 'payment: notification refused, nothing changed');
    await record(NotificationOutcome.forged, { reason: verdict.reason });
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
