import type { PaymentMethod } from '../../../contract/order.ts';
import { paymentLifecycle } from '../../../contract/payment-lifecycle.ts';
import { claimFrom } from '../../lifecycle/lifecycle-guard.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { markOrderPaid } from '../order/order.service.ts';
import { refundLatePayment } from './payment-late-refund.ts';
import type { ProviderPayment } from './payment-provider.ts';
import type { PaymentProviders } from './payment-providers.ts';
import type { RefundContext } from './payment-refund-flow.ts';
import type { PaymentMetrics } from './payment.metrics.ts';
import { moveAttempt } from './payment.repository.ts';
import { AttemptStatus, NotificationOutcome, type PaymentAttemptRow } from './payment.tables.ts';

/** What the payment services are given: the usual dependencies, the providers built from the configuration, and /metrics' counters. */
export interface PaymentContext extends ServiceDeps {
  providers: PaymentProviders;
  metrics?: PaymentMetrics;
}

/**
 * Money arrived for an attempt (a provider's notification, or its answer to the reconciliation's
 * query: the same path). The order moves by the orders feature's one conditional update
 * (markOrderPaid), so of any number of replays or racing notices one pays it; a replay answers
 * alreadyPaid. Money the order cannot take (a wrong amount, an order cancelled, closed or paid
 * another way) leaves the order as it is and goes back at once through its provider
 * (refundLatePayment); a replay of that finds the attempt 待退回 and is a duplicate.
 */
export async function settlePayment(
  ctx: RefundContext,
  method: PaymentMethod,
  attempt: PaymentAttemptRow,
  payment: ProviderPayment,
  now: number,
): Promise<NotificationOutcome> {
  const result = await markOrderPaid(ctx.db, { ...payment, method });
  if (result !== 'rejected') {
    await moveAttempt(ctx.db, attempt.id, claimFrom(paymentLifecycle, 'pay'), {
      status: AttemptStatus.paid,
      tradeNo: payment.tradeNo,
      paidCents: payment.amountCents,
      paidAt: payment.paidAt,
      updatedAt: now,
      nextCheckAt: null,
    });
    return result === 'paid' ? NotificationOutcome.verified : NotificationOutcome.duplicate;
  }
  const refund = await refundLatePayment(ctx, attempt, payment, now);
  if (!refund) return NotificationOutcome.duplicate;
  return payment.amountCents === attempt.amountCents ? NotificationOutcome.refundNeeded : NotificationOutcome.wrongAmount;
}
