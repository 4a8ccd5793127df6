import { describe, expect, it } from 'vitest';
import { OrderStatus } from '../../../contract/order.ts';
import { paymentCalls } from '../../../contract/payment-calls.ts';
import { AppError } from '../../http/app-error.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { cancelOrder } from '../order/order.service.ts';
import { confirmTransferReceipt } from './payment.service.ts';
import { attemptOf, eventKindsOf, insertUnpaidOrder, orderOf } from './testing/payment-fixtures.ts';

describe('对公转账: staff confirm the transfer', () => {
  const t = useTestApp();
  const ctx = () => ({ db: t.db.kysely, logger: t.deps.logger });

  it('pays the order once, however often it is confirmed, and settles the buyer’s bank-transfer choice', async () => {
    const member = await t.member();
    const orderNo = await insertUnpaidOrder(t.db.kysely, member.userId, { payableCents: 520_000 });
    await member.browser.callOk(paymentCalls.create, { orderNo, method: 'bankTransfer' });
    expect(await confirmTransferReceipt(ctx(), { orderNo, amountCents: 520_000, staffNote: '招行流水 8899' })).toBe('paid');
    expect(await confirmTransferReceipt(ctx(), { orderNo, amountCents: 520_000, staffNote: '' })).toBe('alreadyPaid');
    expect(await orderOf(t.db.kysely, orderNo)).toMatchObject({ status: OrderStatus.unshipped, paymentMethod: 'bankTransfer' });
    expect(await eventKindsOf(t.db.kysely, orderNo)).toEqual(['transferConfirmed']);
    expect(await attemptOf(t.db.kysely, orderNo, 'bankTransfer')).toMatchObject({ status: 'paid', paidCents: 520_000 });
    expect(await member.browser.callOk(paymentCalls.status, { orderNo })).toMatchObject({ status: 'unshipped', statusLabel: '待发货', isPaid: true });
  });

  it('pays once when several staff confirm at the same moment', async () => {
    const member = await t.member();
    const orderNo = await insertUnpaidOrder(t.db.kysely, member.userId, { payableCents: 3_000 });
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => confirmTransferReceipt(ctx(), { orderNo, amountCents: 3_000, staffNote: '' })));
    expect(outcomes.filter((outcome) => outcome === 'paid')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'alreadyPaid')).toHaveLength(9);
    expect(await eventKindsOf(t.db.kysely, orderNo)).toEqual(['transferConfirmed']);
  });

  it('refuses a transfer of another amount, and an order the buyer cancelled, changing nothing', async () => {
    const member = await t.member();
    const orderNo = await insertUnpaidOrder(t.db.kysely, member.userId, { payableCents: 3_000 });
    await expect(confirmTransferReceipt(ctx(), { orderNo, amountCents: 2_999, staffNote: '' })).rejects.toMatchObject({
      errorCode: 'order.transferAmountMismatch',
    });
    expect(await orderOf(t.db.kysely, orderNo)).toMatchObject({ status: OrderStatus.unpaid, paidAt: null });
    await cancelOrder(t.db.kysely, member.userId, orderNo);
    await expect(confirmTransferReceipt(ctx(), { orderNo, amountCents: 3_000, staffNote: '' })).rejects.toBeInstanceOf(AppError);
    expect(await orderOf(t.db.kysely, orderNo)).toMatchObject({ status: OrderStatus.cancelled, paidAt: null });
  });
});
