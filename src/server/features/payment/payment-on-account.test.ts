import { describe, expect, it } from 'vitest';
import { OrderStatus, PaymentMethod } from '../../../contract/order.ts';
import { AppError } from '../../http/app-error.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { chargeOnAccount } from '../company-credit/company-credit.service.ts';
import { creditCompany } from '../company-credit/testing/credit-fixture.ts';
import { markOrderPaid } from '../order/order-payment.service.ts';
import { cancelOrder } from '../order/order.service.ts';
import { payOnAccount } from './payment-on-account.service.ts';
import type { PaymentContext } from './payment.service.ts';
import { insertUnpaidOrder, orderOf, testPaymentContext } from './testing/payment-fixtures.ts';

/**
 * 月结支付 pays the order and charges the company's credit in one transaction (decision 0030): a crash
 * between the two, or a buyer cancelling at the same moment, never leaves credit used by an unpaid order.
 */
describe('paying on account, all or nothing', () => {
  const t = useTestApp();
  const ctxOf = (): PaymentContext => testPaymentContext(t.deps);
  const usedOf = async (companyId: number) =>
    (await t.db.kysely.selectFrom('companyCreditAccounts').select('usedCents').where('companyId', '=', companyId).executeTakeFirstOrThrow()).usedCents;
  const entriesOf = (orderNo: string) =>
    t.db.kysely.selectFrom('companyCreditEntries').select(['kind', 'amountCents']).where('orderNo', '=', orderNo).execute();

  it('leaves the order unpaid and the credit untouched when the work fails after the charge', async () => {
    const company = await creditCompany(t, { limitCents: 100_000 });
    const buyer = company.members.buyer[0];
    if (!buyer) throw new Error('no buyer');
    const orderNo = await insertUnpaidOrder(t.db.kysely, buyer.userId, { payableCents: 30_000 });
    const crash = new Error('进程在提交前退出');
    const payment = { orderNo, amountCents: 30_000, method: PaymentMethod.onAccount, tradeNo: `ACC${orderNo}`, paidAt: Date.now() };
    await expect(
      markOrderPaid(t.db.kysely, payment, async (trx) => {
        expect(await chargeOnAccount(trx, { userId: buyer.userId, orderNo, amountCents: 30_000, now: Date.now() })).toBe('charged');
        throw crash;
      }),
    ).rejects.toBe(crash);
    expect(await orderOf(t.db.kysely, orderNo)).toMatchObject({ status: OrderStatus.unpaid, paidAt: null });
    expect(await usedOf(company.companyId)).toBe(0);
    expect(await entriesOf(orderNo)).toEqual([]);

    await payOnAccount(ctxOf(), buyer.userId, orderNo);
    expect(await orderOf(t.db.kysely, orderNo)).toMatchObject({ status: OrderStatus.unshipped, paymentMethod: 'onAccount' });
    expect(await usedOf(company.companyId)).toBe(30_000);
    expect(await entriesOf(orderNo)).toEqual([{ kind: 'charge', amountCents: 30_000 }]);
  });

  it('refuses the charge over the limit with the order still payable otherwise and nothing recorded', async () => {
    const company = await creditCompany(t, { limitCents: 10_000 });
    const buyer = company.members.buyer[0];
    if (!buyer) throw new Error('no buyer');
    const orderNo = await insertUnpaidOrder(t.db.kysely, buyer.userId, { payableCents: 30_000 });
    await expect(payOnAccount(ctxOf(), buyer.userId, orderNo)).rejects.toMatchObject({ errorCode: 'companyCredit.overLimit' });
    expect(await orderOf(t.db.kysely, orderNo)).toMatchObject({ status: OrderStatus.unpaid, paidAt: null });
    expect(await entriesOf(orderNo)).toEqual([]);
    const attempts = await t.db.kysely.selectFrom('paymentAttempts').select('status').where('orderNo', '=', orderNo).execute();
    expect(attempts).toEqual([]);
  });

  it('charges exactly the orders it paid when the buyer cancels at the same moment (10 rounds)', async () => {
    const company = await creditCompany(t, { limitCents: 1_000_000 });
    const buyer = company.members.buyer[0];
    if (!buyer) throw new Error('no buyer');
    const outcomes = { paid: 0, cancelled: 0 };
    for (let round = 0; round < 10; round += 1) {
      const orderNo = await insertUnpaidOrder(t.db.kysely, buyer.userId, { payableCents: 1_000 });
      const settled = await Promise.allSettled([payOnAccount(ctxOf(), buyer.userId, orderNo), cancelOrder(t.db.kysely, buyer.userId, orderNo)]);
      for (const result of settled) if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(AppError);
      const order = await orderOf(t.db.kysely, orderNo);
      const entries = await entriesOf(orderNo);
      if (order.status === OrderStatus.unshipped) {
        outcomes.paid += 1;
        expect(entries).toEqual([{ kind: 'charge', amountCents: 1_000 }]);
      } else {
        outcomes.cancelled += 1;
        expect(order.status).toBe(OrderStatus.cancelled);
        expect(entries, 'a cancelled order was never charged').toEqual([]);
      }
    }
    expect(outcomes.paid + outcomes.cancelled).toBe(10);
    expect(await usedOf(company.companyId)).toBe(outcomes.paid * 1_000);
  });
});
