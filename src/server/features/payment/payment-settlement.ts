import type { PaymentMethod } from '../../../contract/order.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { markOrderPaid } from '../order/order.service.ts';
import type { ProviderPayment } from './payment-provider.ts';
import type { PaymentProviders } from './payment-providers.ts';
import { settleAttempt } from './payment.repository.ts';
import { AttemptStatus, NotificationOutcome, type PaymentAttemptRow } from './payment.tables.ts';

/** What the payment services are given: the usual dependencies and the providers built from the configuration. */
export interface PaymentContext extends ServiceDeps {
  providers: PaymentProviders;
}

/**
 * Money arrived for an attempt. The order moves by the orders feature's one conditional update
 * (markOrderPaid), so of any number of replays or racing notices one pays it; a replay answers
 * alreadyPaid. Money the order cannot take (a wrong amount, an order cancelled or paid another way)
 * leaves the order as it is and marks the attempt for a refund, with a warning.
 */
export async function settlePayment(
  deps: Pick<PaymentContext, 'db' | 'logger'>,
  method: PaymentMethod,
  attempt: PaymentAttemptRow,
  payment: ProviderPayment,
  now: number,
): Promise<NotificationOutcome> {
  const result = await markOrderPaid(deps.db, { ...payment, method });
  const settlement = { tradeNo: payment.tradeNo, paidCents: payment.amountCents, paidAt: payment.paidAt, updatedAt: now };
  if (result !== 'rejected') {
    await settleAttempt(deps.db, attempt.id, { ...settlement, status: AttemptStatus.paid });
    return result === 'paid' ? NotificationOutcome.verified : NotificationOutcome.duplicate;
  }
  await settleAttempt(deps.db, attempt.id, { ...settlement, status: AttemptStatus.refundNeeded });
  const outcome = payment.amountCents === attempt.amountCents ? NotificationOutcome.refundNeeded : NotificationOutcome.wrongAmount;
  deps.logger.warn(
    { method, orderNo: payment.orderNo, tradeNo: payment.tradeNo, amountCents: payment.amountCents, expectedCents: attempt.amountCents, outcome },
    'payment: money arrived for an order that cannot take it; the order is unchanged and the payment is to be refunded',
  );
  return outcome;
}
