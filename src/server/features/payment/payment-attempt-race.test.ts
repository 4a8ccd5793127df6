import { describe, expect, it } from 'vitest';
import { OrderStatus } from '../../../contract/order.ts';
import { paymentCalls, paymentDevCalls } from '../../../contract/payment-calls.ts';
import { AppError } from '../../http/app-error.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { createPayment, payByDevelopment, type PaymentContext } from './payment.service.ts';
import { eventKindsOf, insertUnpaidOrder, orderOf, testPaymentContext } from './testing/payment-fixtures.ts';

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

  it('pays each of 4 orders (5 rounds) once when 25 choices of 模拟支付, 25 of 对公转账 and 25 payments hit each at once (the services themselves)', async () => {
    const db = t.db.kysely;
    const ctx: PaymentContext = testPaymentContext(t.deps);
    const member = await t.member();
    const orderNos: string[] = [];
    // The races are a matter of timing: several rounds give the old upsert's failure every chance to show.
    for (let round = 0; round < 5; round++) {
      const batch = await Promise.all(Array.from({ length: 4 }, () => insertUnpaidOrder(db, member.userId)));
      orderNos.push(...batch);
      const outcomes = await Promise.allSettled(
        batch.flatMap((orderNo) => [
          ...Array.from({ length: 25 }, () => createPayment(ctx, member.userId, orderNo, 'development')),
          ...Array.from({ length: 25 }, () => createPayment(ctx, member.userId, orderNo, 'bankTransfer')),
          ...Array.from({ length: 25 }, () => payByDevelopment(ctx, member.userId, orderNo)),
        ]),
      );
      // A call after the payment finds the order no longer payable; nothing else may fail (a duplicate key, a deadlock).
      const failures = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as unknown] : []));
      for (const failure of failures) expect(failure instanceof AppError ? failure.errorCode : String(failure)).toBe('order.notPayable');
    }
    for (const orderNo of orderNos) {
      expect((await eventKindsOf(db, orderNo)).filter((kind) => kind === 'paid')).toHaveLength(1);
      expect(await attemptsOf(orderNo)).toEqual([
        { method: 'bankTransfer', status: 'created' },
        { method: 'development', status: 'paid' },
      ]);
    }
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
