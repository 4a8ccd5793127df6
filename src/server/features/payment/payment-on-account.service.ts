import { orderErrors, PaymentMethod } from '../../../contract/order.ts';
import type { PaymentInstruction } from '../../../contract/payment.ts';
import { AppError } from '../../http/app-error.ts';
import { claimFrom } from '../../lifecycle/lifecycle-guard.ts';
import { paymentLifecycle } from '../../../contract/payment-lifecycle.ts';
import { chargeOnAccount } from '../company-credit/company-credit.service.ts';
import { markOrderPaid } from '../order/order-payment.service.ts';
import { findPayableOrder } from '../order/order.service.ts';
import type { PaymentContext } from './payment-settlement.ts';
import { moveAttempt, saveAttempt } from './payment.repository.ts';
import { AttemptStatus } from './payment.tables.ts';

/**
 * 月结支付 (decision 0030): the member's company's credit pays the order at once. The order's pay event (one
 * payment per order, as for every provider), the charge on the company's credit and the paid attempt are one
 * transaction: a refusal of the charge (no 月结, a statement overdue, the credit does not cover it, a role that may
 * not) or a crash leaves the order unpaid and the credit untouched. An order cancelled meanwhile is refused
 * payment and nothing is charged; a repeated click finds the order paid by the same trade.
 */
export async function payOnAccount(ctx: PaymentContext, userId: number, orderNo: string, now = Date.now()): Promise<void> {
  const order = await findPayableOrder(ctx.db, userId, orderNo, now);
  const amountCents = order.payableCents;
  const payment = { orderNo, amountCents, method: PaymentMethod.onAccount, tradeNo: `ACC${orderNo}`, paidAt: now };
  const outcome = await markOrderPaid(ctx.db, payment, async (trx) => {
    await chargeOnAccount(trx, { userId, orderNo, amountCents, now });
    const attempt = await saveAttempt(trx, {
      orderNo,
      userId,
      method: PaymentMethod.onAccount,
      outTradeNo: orderNo,
      amountCents,
      instructionJson: JSON.stringify({ kind: 'instant', method: 'onAccount' } satisfies PaymentInstruction),
      createdAt: now,
      updatedAt: now,
      nextCheckAt: null,
    });
    await moveAttempt(trx, attempt.id, claimFrom(paymentLifecycle, 'pay'), {
      status: AttemptStatus.paid,
      tradeNo: payment.tradeNo,
      paidCents: amountCents,
      paidAt: now,
      updatedAt: now,
      nextCheckAt: null,
    });
  });
  if (outcome === 'rejected') throw new AppError(orderErrors.notPayable);
  ctx.logger.info({ orderNo, amountCents }, 'payment: paid on account');
}
