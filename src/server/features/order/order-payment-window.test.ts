import { describe, expect, it } from 'vitest';
import { OrderStatus } from '../../../contract/order.ts';
import type { CashierData, PaymentInstruction } from '../../../contract/payment.ts';
import { paymentCalls } from '../../../contract/payment-calls.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { extendExpiry } from './order-payment.repository.ts';
import { expireOverdueOrders } from './order-sweeper.ts';
import { insertUnpaidOrder } from '../payment/testing/payment-fixtures.ts';

const minute = 60_000;
const day = 86_400_000;

describe('对公转账: the bank-transfer payment window', () => {
  const t = useTestApp();

  async function orderRow(orderNo: string) {
    return t.db.kysely.selectFrom('orders').select(['id', 'status', 'expiresAt', 'createdAt']).where('orderNo', '=', orderNo).executeTakeFirstOrThrow();
  }

  it('moves the deadline to 7 days after placement when the buyer chooses bank transfer, and another method does not shorten it', async () => {
    const member = await t.member();
    const orderNo = await insertUnpaidOrder(t.db.kysely, member.userId, { payableCents: 50_000 });
    const before = await orderRow(orderNo);
    expect(before.expiresAt).toBeLessThan(before.createdAt + 31 * minute);
    const instruction = await member.browser.callOk(paymentCalls.create, { orderNo, method: 'bankTransfer' });
    const windowEnd = before.createdAt + 7 * day;
    expect(instruction).toMatchObject<Partial<PaymentInstruction>>({ kind: 'bank', payBefore: windowEnd });
    expect((await orderRow(orderNo)).expiresAt).toBe(windowEnd);
    const cashier = pageStateOf<CashierData>((await member.browser.get(`/offer/pay/${orderNo}`)).body).data;
    expect(cashier.expiresAt).toBe(windowEnd);

    await member.browser.callOk(paymentCalls.create, { orderNo, method: 'development' });
    await member.browser.callOk(paymentCalls.create, { orderNo, method: 'bankTransfer' });
    expect((await orderRow(orderNo)).expiresAt).toBe(windowEnd);
  });

  it('is not cancelled by the sweep at 31 minutes, but is once the window has passed', async () => {
    const member = await t.member();
    const orderNo = await insertUnpaidOrder(t.db.kysely, member.userId);
    await member.browser.callOk(paymentCalls.create, { orderNo, method: 'bankTransfer' });
    const order = await orderRow(orderNo);
    expect(await expireOverdueOrders(t.db.kysely, order.createdAt + 31 * minute, { orderIds: [order.id] })).toBe(0);
    expect(await expireOverdueOrders(t.db.kysely, order.createdAt + 6 * day, { orderIds: [order.id] })).toBe(0);
    expect((await orderRow(orderNo)).status).toBe(OrderStatus.unpaid);
    expect(await expireOverdueOrders(t.db.kysely, order.createdAt + 7 * day + 1000, { orderIds: [order.id] })).toBe(1);
    expect((await orderRow(orderNo)).status).toBe(OrderStatus.cancelled);
  });

  it('leaves an order of the usual 30 minutes to the sweep when the buyer chose another method', async () => {
    const member = await t.member();
    const orderNo = await insertUnpaidOrder(t.db.kysely, member.userId);
    await member.browser.callOk(paymentCalls.create, { orderNo, method: 'development' });
    const order = await orderRow(orderNo);
    expect(await expireOverdueOrders(t.db.kysely, order.createdAt + 31 * minute, { orderIds: [order.id] })).toBe(1);
  });

  it('does not extend an order already past its time, nor a cancelled one', async () => {
    const member = await t.member();
    const expiresAt = Date.now() - 1000;
    const orderNo = await insertUnpaidOrder(t.db.kysely, member.userId, { expiresAt });
    expect(await member.browser.call(paymentCalls.create, { orderNo, method: 'bankTransfer' })).toMatchObject({ errorCode: 'order.notPayable' });
    const order = await orderRow(orderNo);
    expect(await extendExpiry(t.db.kysely, order.id, order.createdAt + 7 * day, Date.now())).toBe(false);
    expect((await orderRow(orderNo)).expiresAt).toBe(expiresAt);

    const cancelledNo = await insertUnpaidOrder(t.db.kysely, member.userId);
    await t.db.kysely.updateTable('orders').set({ status: OrderStatus.cancelled }).where('orderNo', '=', cancelledNo).execute();
    const cancelled = await orderRow(cancelledNo);
    expect(await extendExpiry(t.db.kysely, cancelled.id, cancelled.createdAt + 7 * day, Date.now())).toBe(false);
    expect((await orderRow(cancelledNo)).expiresAt).toBe(cancelled.expiresAt);
  });

  it('extends once when the buyer’s bank-transfer choices arrive together', async () => {
    const member = await t.member();
    const orderNo = await insertUnpaidOrder(t.db.kysely, member.userId);
    const order = await orderRow(orderNo);
    const answers = await Promise.all(Array.from({ length: 10 }, () => member.browser.callOk(paymentCalls.create, { orderNo, method: 'bankTransfer' })));
    expect(new Set(answers.map((answer) => (answer.kind === 'bank' ? answer.payBefore : null)))).toEqual(new Set([order.createdAt + 7 * day]));
    expect((await orderRow(orderNo)).expiresAt).toBe(order.createdAt + 7 * day);

    const otherNo = await insertUnpaidOrder(t.db.kysely, member.userId);
    const other = await orderRow(otherNo);
    const moved = await Promise.all(Array.from({ length: 10 }, () => extendExpiry(t.db.kysely, other.id, other.createdAt + 7 * day, Date.now())));
    expect(moved.filter(Boolean)).toHaveLength(1);
  });
});
