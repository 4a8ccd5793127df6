import { orderErrors, PaymentMethod } from '../../../contract/order.ts';
import type { PaymentInstruction } from '../../../contract/payment.ts';
import { AppError } from '../../http/app-error.ts';
import { chargeOnAccount } from '../company-credit/company-credit.service.ts';
import { findPayableOrder } from '../order/order.service.ts';
import { settlePayment, type PaymentContext } from './payment-settlement.ts';
import { saveAttempt } from './payment.repository.ts';
import { NotificationOutcome } from './payment.tables.ts';

/**
 * 月结支付 (decision 0030): the member's company's credit pays the order at once. The charge is taken first (refused
 * in Chinese, nothing changed, when the company has no 月结, a statement is overdue or the credit does not cover
 * it); the order is then paid by the same path as every provider's payment (settlePayment: the order lifecycle's
 * pay event, one payment per order). An order cancelled between the two is refused payment, and its charge goes
 * back to the credit as that path's late-payment refund does for any provider.
 */
export async function payOnAccount(ctx: PaymentContext, userId: number, orderNo: string, now = Date.now()): Promise<void> {
  const order = await findPayableOrder(ctx.db, userId, orderNo, now);
  await chargeOnAccount(ctx.db, { userId, orderNo, amountCents: order.payableCents, now });
  const attempt = await saveAttempt(ctx.db, {
    orderNo,
    userId,
    method: PaymentMethod.onAccount,
    outTradeNo: orderNo,
    amountCents: order.payableCents,
    instructionJson: JSON.stringify({ kind: 'instant', method: 'onAccount' } satisfies PaymentInstruction),
    createdAt: now,
    updatedAt: now,
    nextCheckAt: null,
  });
  const payment = { orderNo, amountCents: order.payableCents, tradeNo: `ACC${orderNo}`, paidAt: now };
  const outcome = await settlePayment(ctx, PaymentMethod.onAccount, attempt, payment, now);
  if (outcome !== NotificationOutcome.verified && outcome !== NotificationOutcome.duplicate) throw new AppError(orderErrors.notPayable);
  ctx.logger.info({ orderNo, amountCents: order.payableCents }, 'payment: paid on account');
}
