import { describe, expect, it } from 'vitest';
import type { PaymentMethod } from '../../../contract/order.ts';
import { errorCodeOf } from '../../testing/error-code.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { cancelByStaff, refundOrder } from './order-refund-workflow.service.ts';
import { loadOrderDetail } from '../order/order.service.ts';
import type { PaymentProvider, RefundRequest } from './payment-provider.ts';
import { ActorKind } from '../../../contract/lifecycle.ts';
import { confirmOfflineRefund, findRefundsForStaff, refundContextOf, retryRefund, staleRefundMs, type RefundContext } from './payment-refund.service.ts';
import { eventKindsOf, insertPaidOrder, refundedCentsOf, refundsOf } from './testing/payment-fixtures.ts';

describe('refunds through the provider that took the payment (模拟支付, 对公转账)', () => {
  const t = useTestApp();

  /** The configured providers, each refund request counted on its way to the provider. */
  function countingContext(): { ctx: RefundContext; calls: RefundRequest[] } {
    const base = refundContextOf({ db: t.db.kysely, logger: t.deps.logger, config: t.deps.config });
    const calls: RefundRequest[] = [];
    const find = (method: PaymentMethod): PaymentProvider | null => {
      const provider = base.providers.find(method);
      return provider && { ...provider, refund: (request) => (calls.push(request), provider.refund(request)) };
    };
    return { ctx: { ...base, providers: { ...base.providers, find } }, calls };
  }

  async function paidOrder(method: PaymentMethod, payableCents = 10_000) {
    const member = await t.member();
    const orderNo = await insertPaidOrder(t.db.kysely, member.userId, {
      method,
      payableCents,
      tradeNo: method === 'development' ? `DEV${member.userId}` : null,
    });
    return { member, orderNo };
  }

  it('refunds a 模拟支付 order at once: 成功, the 已退款 line, the member’s message, and the detail shows 已退款', async () => {
    const { ctx, calls } = countingContext();
    const { member, orderNo } = await paidOrder('development');
    const { order, refund } = await refundOrder(ctx, { orderNo, refundNo: `RF${orderNo}`, amountCents: 2_500, reason: '少发 1 个' });
    expect(refund).toMatchObject({ status: 'succeeded', method: 'development', amountCents: 2_500, providerRefundNo: `DEVRRF${orderNo}` });
    expect(order.refundedCents).toBe(2_500);
    expect(calls).toMatchObject([{ orderNo, refundNo: `RF${orderNo}`, amountCents: 2_500, totalCents: 10_000, reason: '少发 1 个' }]);
    expect(await eventKindsOf(t.db.kysely, orderNo)).toEqual(['refundRequested', 'refunded']);
    const detail = await loadOrderDetail(t.db.kysely, member.userId, orderNo);
    expect(detail.refunds).toMatchObject([{ refundNo: `RF${orderNo}`, amountCents: 2_500, isDone: true, statusLabel: '已退款', channelLabel: '原路退回' }]);
    expect(detail.events.at(-1)?.text).toBe('已退款 ¥25.00：少发 1 个');
    const message = await t.db.kysely.selectFrom('messages').select('msgContent').where('userId', '=', member.userId).executeTakeFirst();
    expect(message?.msgContent).toBe(`您的订单${orderNo}已退款¥25.00，已原路退回。`);
  });

  it('records a bank-transfer refund as 线下退款, 退款中 until staff confirm they paid it out', async () => {
    const { ctx } = countingContext();
    const { member, orderNo } = await paidOrder('bankTransfer');
    const { refund } = await refundOrder(ctx, { orderNo, refundNo: `RB${orderNo}`, amountCents: 10_000, reason: '' });
    expect(refund).toMatchObject({ status: 'processing', method: 'bankTransfer', reason: '售后退款' });
    expect(refund.answer).toContain('线下退款');
    expect((await loadOrderDetail(t.db.kysely, member.userId, orderNo)).refunds).toMatchObject([
      { isDone: false, statusLabel: '退款中', channelLabel: '线下退款' },
    ]);
    // The whole amount closes the order with the claim; the money's return is its own line.
    expect(await eventKindsOf(t.db.kysely, orderNo)).toEqual(['closed']);
    expect(refund.kind).toBe('closing');
    expect(await confirmOfflineRefund(ctx, { refundNo: `RB${orderNo}`, staffNote: '招行转出 0098' })).toBe('refunded');
    expect(await confirmOfflineRefund(ctx, { refundNo: `RB${orderNo}`, staffNote: '' })).toBe('alreadyRefunded');
    expect(await eventKindsOf(t.db.kysely, orderNo)).toEqual(['closed', 'refunded']);
    expect((await refundsOf(t.db.kysely, orderNo))[0]).toMatchObject({ status: 'succeeded', answer: '线下退款已转账：招行转出 0098' });
    expect(await errorCodeOf(confirmOfflineRefund(ctx, { refundNo: 'R-none', staffNote: '' }))).toBe('payment.refundNotFound');
  });

  it('answers a retried refund number with its record, without asking the provider again; another order or amount under it is refused', async () => {
    const { ctx, calls } = countingContext();
    const { orderNo } = await paidOrder('development');
    const request = { orderNo, refundNo: `RR${orderNo}`, amountCents: 1_000, reason: '' };
    const first = await refundOrder(ctx, request);
    const again = await refundOrder(ctx, request);
    expect(again.refund).toEqual(first.refund);
    expect(calls).toHaveLength(1);
    expect(await refundedCentsOf(t.db.kysely, orderNo)).toBe(1_000);
    expect(await errorCodeOf(refundOrder(ctx, { ...request, amountCents: 1_001 }))).toBe('payment.refundNoReused');
    const other = await paidOrder('development');
    expect(await errorCodeOf(refundOrder(ctx, { ...request, orderNo: other.orderNo }))).toBe('payment.refundNoReused');
    expect(calls).toHaveLength(1);
  });

  it('refuses a malformed refund number, a non-positive amount, an unpaid or unknown order, in Chinese', async () => {
    const { ctx, calls } = countingContext();
    const { orderNo } = await paidOrder('development');
    await expect(refundOrder(ctx, { orderNo, refundNo: '退款一', amountCents: 100, reason: '' })).rejects.toMatchObject({
      errorCode: 'payment.refundNoInvalid',
      message: '退款单号只能包含字母、数字、下划线和短横线，最长64位',
    });
    expect(await errorCodeOf(refundOrder(ctx, { orderNo, refundNo: 'R1', amountCents: 0, reason: '' }))).toBe('order.notRefundable');
    expect(await errorCodeOf(refundOrder(ctx, { orderNo: '2601019999999999', refundNo: 'R2', amountCents: 1, reason: '' }))).toBe('order.notFound');
    expect(calls).toHaveLength(0);
    expect(await refundsOf(t.db.kysely, orderNo)).toEqual([]);
  });

  it('makes one provider call and one record of 10 identical refunds sent at once', async () => {
    const { ctx, calls } = countingContext();
    const { orderNo } = await paidOrder('development');
    const request = { orderNo, refundNo: `RC${orderNo}`, amountCents: 3_000, reason: '' };
    const answers = await Promise.all(Array.from({ length: 10 }, () => refundOrder(ctx, request)));
    expect(new Set(answers.map((answer) => answer.refund.id)).size).toBe(1);
    expect(calls).toHaveLength(1);
    expect(await refundsOf(t.db.kysely, orderNo)).toMatchObject([{ status: 'succeeded', amountCents: 3_000 }]);
    expect(await refundedCentsOf(t.db.kysely, orderNo)).toBe(3_000);
    expect(await eventKindsOf(t.db.kysely, orderNo)).toEqual(['refundRequested', 'refunded']);
  });

  it('never refunds more than was paid when 10 different refunds of 30% arrive at once', async () => {
    const { ctx, calls } = countingContext();
    const { orderNo } = await paidOrder('development', 10_000);
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        errorCodeOf(refundOrder(ctx, { orderNo, refundNo: `RP${orderNo}${String(index)}`, amountCents: 3_000, reason: '' })),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === 'none')).toHaveLength(3);
    expect(outcomes.filter((outcome) => outcome === 'order.notRefundable')).toHaveLength(7);
    expect(calls).toHaveLength(3);
    expect(await refundedCentsOf(t.db.kysely, orderNo)).toBe(9_000);
    // A refund that would pass what was paid is refused with no record: its number may be used again.
    expect(await refundsOf(t.db.kysely, orderNo)).toMatchObject([{ status: 'succeeded' }, { status: 'succeeded' }, { status: 'succeeded' }]);
  });

  it('refunds the rest of a paid order staff cancel through its provider, once', async () => {
    const { ctx, calls } = countingContext();
    const { orderNo } = await paidOrder('development', 8_000);
    await refundOrder(ctx, { orderNo, refundNo: `RS${orderNo}`, amountCents: 3_000, reason: '' });
    const { order, refund } = await cancelByStaff(ctx, { orderNo, reason: '客户要求取消' });
    expect(order).toMatchObject({ status: 'cancelled', refundedCents: 8_000 });
    expect(refund).toMatchObject({ refundNo: `C${orderNo}`, status: 'succeeded', amountCents: 5_000, reason: '取消订单：客户要求取消' });
    expect(calls.map((call) => call.amountCents)).toEqual([3_000, 5_000]);
    expect(refund?.kind).toBe('cancellation');
    expect(await eventKindsOf(t.db.kysely, orderNo)).toEqual(['refundRequested', 'refunded', 'cancelled', 'refunded']);
    expect(await errorCodeOf(cancelByStaff(ctx, { orderNo, reason: '' }))).toBe('order.notCancellable');
    expect(calls).toHaveLength(2);
  });

  it('keeps a refused cancellation’s refund owed, and staff try it again from the console (重新退款) under its number', async () => {
    const { ctx, calls } = countingContext();
    const refusing: RefundContext = {
      ...ctx,
      providers: {
        ...ctx.providers,
        find: (method) => {
          const provider = ctx.providers.find(method);
          return provider && { ...provider, refund: () => Promise.resolve({ status: 'failed', providerRefundNo: null, answer: '渠道拒绝' }) };
        },
      },
    };
    const { orderNo } = await paidOrder('development', 7_000);
    const { refund } = await cancelByStaff(refusing, { orderNo, reason: '缺货' });
    expect(refund).toMatchObject({ status: 'failed', kind: 'cancellation', answer: '渠道拒绝' });
    expect(await refundedCentsOf(t.db.kysely, orderNo)).toBe(7_000);
    expect(await findRefundsForStaff(t.db.kysely, orderNo)).toMatchObject([{ kindLabel: '取消订单退款', statusLabel: '失败', isOwed: true }]);

    const refundNo = refund?.refundNo ?? '';
    const clerk = { kind: ActorKind.staff, can: () => false } as const;
    expect(await errorCodeOf(retryRefund(ctx, { refundNo, actor: clerk }))).toBe('refund.forbidden');
    await expect(retryRefund(ctx, { refundNo, seen: 'processing' })).rejects.toMatchObject({
      errorCode: 'payment.refundNotAllowed',
      message: '退款处理中，不能重新退款',
    });
    expect(await retryRefund(ctx, { refundNo, seen: 'failed' })).toMatchObject({ status: 'succeeded' });
    await expect(retryRefund(ctx, { refundNo })).rejects.toMatchObject({ errorCode: 'payment.refundNotAllowed', message: '退款已成功，不能重新退款' });
    expect(calls).toHaveLength(1);
    expect(await refundedCentsOf(t.db.kysely, orderNo)).toBe(7_000);
    expect((await eventKindsOf(t.db.kysely, orderNo)).filter((kind) => kind === 'refunded')).toHaveLength(1);
  });

  it('asks the provider again under the same number only once a 处理中 refund has gone quiet (its answer lost)', async () => {
    const { ctx, calls } = countingContext();
    const { orderNo } = await paidOrder('development');
    const request = { orderNo, refundNo: `RL${orderNo}`, amountCents: 4_000, reason: '' };
    const lost = new Error('the process died before the provider answered');
    const crashing: RefundContext = {
      ...ctx,
      providers: {
        ...ctx.providers,
        find: (method) => {
          const provider = ctx.providers.find(method);
          return provider && { ...provider, refund: () => Promise.reject(lost) };
        },
      },
    };
    const now = Date.now();
    await expect(refundOrder(crashing, { ...request, now })).rejects.toBe(lost);
    expect(await refundsOf(t.db.kysely, orderNo)).toMatchObject([{ status: 'processing' }]);
    expect(await refundedCentsOf(t.db.kysely, orderNo)).toBe(4_000);

    expect((await refundOrder(ctx, { ...request, now: now + 60_000 })).refund).toMatchObject({ status: 'processing' });
    expect(calls).toHaveLength(0);
    const later = now + staleRefundMs;
    const answers = await Promise.all(Array.from({ length: 5 }, () => refundOrder(ctx, { ...request, now: later })));
    expect(calls).toHaveLength(1);
    expect(answers.some((answer) => answer.refund.status === 'succeeded')).toBe(true);
    expect(await refundsOf(t.db.kysely, orderNo)).toMatchObject([{ status: 'succeeded' }]);
    expect(await refundedCentsOf(t.db.kysely, orderNo)).toBe(4_000);
    expect(await eventKindsOf(t.db.kysely, orderNo)).toEqual(['refundRequested', 'refunded']);
  });
});
