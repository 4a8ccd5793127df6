import { describe, expect, it } from 'vitest';
import { OrderStatus } from '../../../contract/order.ts';
import { paymentCalls } from '../../../contract/payment-calls.ts';
import { AppError } from '../../http/app-error.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { cancelOrder, loadOrderDetail } from '../order/order.service.ts';
import { recordLateBankTransfer } from './payment-late-refund.ts';
import { confirmOfflineRefund, findRefundsForStaff, refundContextOf } from './payment-refund.service.ts';
import { confirmTransferReceipt } from './payment.service.ts';
import {
  attemptOf,
  eventKindsOf,
  insertPaidOrder,
  insertUnpaidOrder,
  notificationOutcomesOf,
  orderOf,
  refundedCentsOf,
  refundsOf,
} from './testing/payment-fixtures.ts';

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

describe('对公转账 arriving for an order that can no longer take it', () => {
  const t = useTestApp();
  const refunds = () => refundContextOf({ db: t.db.kysely, logger: t.deps.logger, config: t.deps.config });

  it('records it as 待退回 with a 线下退款 for finance; the buyer sees 付款退回中, then 付款已退回 once finance confirm the payout', async () => {
    const member = await t.member();
    const orderNo = await insertUnpaidOrder(t.db.kysely, member.userId, { payableCents: 3_000 });
    await member.browser.callOk(paymentCalls.create, { orderNo, method: 'bankTransfer' });
    await cancelOrder(t.db.kysely, member.userId, orderNo);
    const refund = await recordLateBankTransfer(refunds(), { orderNo, amountCents: 3_000, staffNote: '招行流水 7788' });
    expect(refund).toMatchObject({
      refundNo: `L-bankTransfer-${orderNo}`,
      kind: 'latePayment',
      method: 'bankTransfer',
      status: 'processing',
      amountCents: 3_000,
    });
    expect(refund.answer).toContain('线下退款');
    expect(await attemptOf(t.db.kysely, orderNo, 'bankTransfer')).toMatchObject({ status: 'lateRefunding', paidCents: 3_000 });
    expect(await orderOf(t.db.kysely, orderNo)).toMatchObject({ status: OrderStatus.cancelled, paidAt: null });
    expect(await refundedCentsOf(t.db.kysely, orderNo)).toBe(0);
    expect(await notificationOutcomesOf(t.db.kysely, orderNo)).toEqual(['refundNeeded']);
    const [staffView] = await findRefundsForStaff(t.db.kysely, orderNo);
    expect(staffView).toMatchObject({ kind: 'latePayment', kindLabel: '取消后到账退回', statusLabel: '处理中', reason: '订单已取消', isOwed: false });
    expect((await loadOrderDetail(t.db.kysely, member.userId, orderNo)).refunds).toMatchObject([
      { statusLabel: '付款退回中', isDone: false, channelLabel: '线下退款（订单已取消）' },
    ]);

    expect(await confirmOfflineRefund(refunds(), { refundNo: refund.refundNo, staffNote: '已转回' })).toBe('refunded');
    expect(await attemptOf(t.db.kysely, orderNo, 'bankTransfer')).toMatchObject({ status: 'lateRefunded' });
    expect((await loadOrderDetail(t.db.kysely, member.userId, orderNo)).refunds).toMatchObject([{ statusLabel: '付款已退回', isDone: true }]);
    const messages = await t.db.kysely.selectFrom('messages').select('msgContent').where('userId', '=', member.userId).execute();
    expect(messages.map((message) => message.msgContent)).toContain(`您为订单${orderNo}支付的¥30.00未能入账（订单已取消），已转回您的付款账户。`);
    expect(await refundedCentsOf(t.db.kysely, orderNo)).toBe(0);
  });

  it('records a second transfer for an order already paid, and one of another amount for an unpaid order, the order unchanged', async () => {
    const member = await t.member();
    const paid = await insertPaidOrder(t.db.kysely, member.userId, { method: 'alipay', payableCents: 8_000, tradeNo: 'T1' });
    expect(await recordLateBankTransfer(refunds(), { orderNo: paid, amountCents: 8_000, staffNote: '' })).toMatchObject({ reason: '订单已付款，重复付款' });
    const unpaid = await insertUnpaidOrder(t.db.kysely, member.userId, { payableCents: 8_000 });
    expect(await recordLateBankTransfer(refunds(), { orderNo: unpaid, amountCents: 7_000, staffNote: '' })).toMatchObject({
      reason: '付款金额与应付金额不符',
      amountCents: 7_000,
    });
    expect(await orderOf(t.db.kysely, unpaid)).toMatchObject({ status: OrderStatus.unpaid });
    expect(await notificationOutcomesOf(t.db.kysely, unpaid)).toEqual(['wrongAmount']);
  });

  it('refuses a transfer the order can still take, a second one for the same order, and a bad amount, recording nothing', async () => {
    const member = await t.member();
    const unpaid = await insertUnpaidOrder(t.db.kysely, member.userId, { payableCents: 5_000 });
    await expect(recordLateBankTransfer(refunds(), { orderNo: unpaid, amountCents: 5_000, staffNote: '' })).rejects.toMatchObject({
      errorCode: 'payment.lateTransferRefused',
      message: '订单仍可收取这笔付款，请确认到账',
    });
    await cancelOrder(t.db.kysely, member.userId, unpaid);
    await recordLateBankTransfer(refunds(), { orderNo: unpaid, amountCents: 5_000, staffNote: '' });
    await expect(recordLateBankTransfer(refunds(), { orderNo: unpaid, amountCents: 5_000, staffNote: '' })).rejects.toMatchObject({
      errorCode: 'payment.lateTransferRefused',
      message: '该笔付款已登记退回，不能登记到账退回',
    });
    await expect(recordLateBankTransfer(refunds(), { orderNo: unpaid, amountCents: 0, staffNote: '' })).rejects.toMatchObject({
      errorCode: 'payment.amountInvalid',
    });
    expect(await refundsOf(t.db.kysely, unpaid)).toHaveLength(1);
  });

  it('records one of 10 identical records sent at once', async () => {
    const member = await t.member();
    const orderNo = await insertUnpaidOrder(t.db.kysely, member.userId, { payableCents: 5_000 });
    await cancelOrder(t.db.kysely, member.userId, orderNo);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, () => recordLateBankTransfer(refunds(), { orderNo, amountCents: 5_000, staffNote: '' })),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(await refundsOf(t.db.kysely, orderNo)).toHaveLength(1);
  });
});
