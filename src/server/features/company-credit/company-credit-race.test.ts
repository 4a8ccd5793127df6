import { describe, expect, it } from 'vitest';
import { paymentCalls } from '../../../contract/payment-calls.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { insertUnpaidOrder, orderOf } from '../payment/testing/payment-fixtures.ts';
import { creditCompany } from './testing/credit-fixture.ts';

/** 月结 under concurrency: the credit never goes past its limit, and an order is charged once. */
describe('月结 races', () => {
  const t = useTestApp();

  it('two buyers charging the last credit at once: one paid, one refused over the limit (10 rounds)', async () => {
    for (let round = 0; round < 10; round += 1) {
      const company = await creditCompany(t, { limitCents: 10_000, buyers: 2 });
      const [first, second] = company.members.buyer;
      if (!first || !second) throw new Error('fixture');
      const orders = [
        await insertUnpaidOrder(t.db.kysely, first.userId, { payableCents: 6_000 }),
        await insertUnpaidOrder(t.db.kysely, second.userId, { payableCents: 6_000 }),
      ];
      const answers = await Promise.all([
        first.browser.call(paymentCalls.payOnAccount, { orderNo: orders[0] ?? '' }),
        second.browser.call(paymentCalls.payOnAccount, { orderNo: orders[1] ?? '' }),
      ]);
      expect(answers.map((answer) => answer.code).sort()).toEqual([1, 409]);
      expect(answers.find((answer) => answer.code !== 1)).toMatchObject({ errorCode: 'companyCredit.overLimit' });
      const credit = await t.db.kysely
        .selectFrom('companyCreditAccounts')
        .select('usedCents')
        .where('companyId', '=', company.companyId)
        .executeTakeFirstOrThrow();
      expect(credit.usedCents).toBe(6_000);
      const statuses = await Promise.all(orders.map(async (orderNo) => (await orderOf(t.db.kysely, orderNo)).status));
      expect(statuses.sort()).toEqual(['unpaid', 'unshipped']);
    }
  });

  it('20 clicks on one order charge it once', async () => {
    const company = await creditCompany(t, { limitCents: 100_000 });
    const [buyer] = company.members.buyer;
    if (!buyer) throw new Error('fixture');
    const orderNo = await insertUnpaidOrder(t.db.kysely, buyer.userId, { payableCents: 7_000 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => buyer.browser.call(paymentCalls.payOnAccount, { orderNo })));
    for (const answer of answers) if (answer.code !== 1) expect(answer.errorCode).toBe('order.notPayable');
    const entries = await t.db.kysely.selectFrom('companyCreditEntries').selectAll().where('orderNo', '=', orderNo).execute();
    expect(entries).toHaveLength(1);
    const credit = await t.db.kysely
      .selectFrom('companyCreditAccounts')
      .select('usedCents')
      .where('companyId', '=', company.companyId)
      .executeTakeFirstOrThrow();
    expect(credit.usedCents).toBe(7_000);
    expect((await orderOf(t.db.kysely, orderNo)).status).toBe('unshipped');
  });
});
