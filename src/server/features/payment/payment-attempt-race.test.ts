import { describe, expect, it } from 'vitest';
import { OrderStatus } from '../../../contract/order.ts';
import { paymentCalls, paymentDevCalls } from '../../../contract/payment-calls.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { eventKindsOf, insertUnpaidOrder, orderOf } from './testing/payment-fixtures.ts';

describe('many cashier calls for one order at once', () => {
  const t = useTestApp();

  const attemptsOf = (orderNo: string) =>
    t.db.kysely.selectFrom('paymentAttempts').select(['method', 'status']).where('orderNo', '=', orderNo).orderBy('method').execute();

  it('answers 25 choices of 对公转账 and 25 模拟支付 clicks without a server error: paid once, one attempt per method', async () => {
    const member = await t.member();
    const orderNo = await insertUnpaidOrder(t.db.kysely, member.userId);
    const answers = await Promise.all([
      ...Array.from({ length: 25 }, () => member.browser.call(paymentCalls.create, { orderNo, method: 'bankTransfer' })),
      ...Array.from({ length: 25 }, () => member.browser.call(paymentDevCalls.devPay, { orderNo })),
    ]);
    for (const answer of answers) {
      if (answer.code !== 1) expect(answer).toMatchObject({ errorCode: 'order.notPayable' });
    }
    expect(answers.filter((answer) => answer.code === 1).length).toBeGreaterThanOrEqual(2);
    expect(await orderOf(t.db.kysely, orderNo)).toMatchObject({ status: OrderStatus.unshipped, paymentMethod: 'development' });
    expect((await eventKindsOf(t.db.kysely, orderNo)).filter((kind) => kind === 'paid')).toHaveLength(1);
    expect(await attemptsOf(orderNo)).toEqual([
      { method: 'bankTransfer', status: 'created' },
      { method: 'development', status: 'paid' },
    ]);
  });

  it('answers 25 模拟支付 clicks at once for each of 4 orders without a server error', async () => {
    const member = await t.member();
    const orderNos = await Promise.all(Array.from({ length: 4 }, () => insertUnpaidOrder(t.db.kysely, member.userId)));
    const answers = await Promise.all(
      orderNos.flatMap((orderNo) => Array.from({ length: 25 }, () => member.browser.call(paymentDevCalls.devPay, { orderNo }))),
    );
    for (const answer of answers) {
      if (answer.code !== 1) expect(answer).toMatchObject({ errorCode: 'order.notPayable' });
    }
    for (const orderNo of orderNos) {
      expect((await eventKindsOf(t.db.kysely, orderNo)).filter((kind) => kind === 'paid')).toHaveLength(1);
      expect(await attemptsOf(orderNo)).toEqual([{ method: 'development', status: 'paid' }]);
    }
  });
});
