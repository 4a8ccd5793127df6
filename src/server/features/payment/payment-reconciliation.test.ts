import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderStatus, type PaymentMethod } from '../../../contract/order.ts';
import { paymentCalls } from '../../../contract/payment-calls.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { cancelByStaff, refundOrder } from './order-refund-workflow.service.ts';
import { cancelOrder } from '../order/order.service.ts';
import { refundMethod, refundQueryMethod, tradeQueryMethod } from './alipay-provider.ts';
import { lateRefundNoOf } from './payment-late-refund.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { PaymentReconciler, reconcilePayments } from './payment-reconciliation.ts';
import { refundContextOf, type RefundContext } from './payment-refund.service.ts';
import { alipayEnv, alipayKeys, alipayNotification, startFakeAlipay, type FakeAlipayOptions } from './testing/fake-alipay.ts';
import type { FakeServer } from './testing/fake-server.ts';
import { isWechatRequestSigned, startFakeWechatPay, wechatEnv, wechatKeys, wechatNotification, type FakeWechatOptions } from './testing/fake-wechat-pay.ts';
import {
  attemptOf,
  eventKindsOf,
  insertPaidOrder,
  insertUnpaidOrder,
  notificationOutcomesOf,
  orderOf,
  refundedCentsOf,
  refundsOf,
  rsaKeyPair,
} from './testing/payment-fixtures.ts';
import { refundPath, transactionQueryPath } from './wechat-pay-provider.ts';

const alipay = alipayKeys();
const wechat = wechatKeys();
const env: Record<string, string> = {};
const alipayOptions: FakeAlipayOptions = { trades: {} };
const wechatOptions: FakeWechatOptions = { transactions: {} };
let alipayFake: FakeServer;
let wechatFake: FakeServer;

beforeAll(async () => {
  alipayFake = await startFakeAlipay(alipay, alipayOptions);
  wechatFake = await startFakeWechatPay(wechat, wechatOptions);
  Object.assign(env, alipayEnv(alipay, alipayFake.url), wechatEnv(wechat, wechatFake.url));
});
afterAll(async () => {
  await Promise.all([alipayFake.close(), wechatFake.close()]);
});

const t = useTestApp({ app: { env } });
const ctx = () => refundContextOf({ db: t.db.kysely, logger: t.deps.logger, config: t.deps.config });
const minute = 60_000;

/** The gateway methods Alipay was asked about an order, in order. */
const alipayCallsOf = (orderNo: string) =>
  alipayFake.requests
    .filter((request) => request.url.startsWith('/gateway.do') && request.body.includes(orderNo))
    .map((request) => new URL(request.url, alipayFake.url).searchParams.get('method'));
/** WeChat's answers to queries about a payment or a refund, and its refund calls, of an order (or a refund number). */
const wechatQueriesOf = (key: string) => wechatFake.requests.filter((request) => request.method === 'GET' && request.url.includes(key));
const wechatRefundCallsOf = (orderNo: string) =>
  wechatFake.requests.filter((request) => request.method === 'POST' && request.url === refundPath && request.body.includes(orderNo));

function notifyWechat(notification: { headers: Record<string, string>; body: string }) {
  return t.app.inject({ method: 'POST', url: '/pay/notify/wechat', payload: notification.body, headers: notification.headers });
}

function notifyAlipay(body: string) {
  return t.app.inject({
    method: 'POST',
    url: '/pay/notify/alipay',
    payload: body,
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
  });
}

/** A member's unpaid order for which the member chose `method` at the cashier (the attempt's first check is due 10 minutes later). */
async function orderAwaiting(method: Exclude<PaymentMethod, 'onAccount'>, payableCents = 9_900) {
  const member = await t.member();
  const orderNo = await insertUnpaidOrder(t.db.kysely, member.userId, { payableCents });
  await member.browser.callOk(paymentCalls.create, { orderNo, method });
  const attempt = await attemptOf(t.db.kysely, orderNo, method);
  if (!attempt?.nextCheckAt) throw new Error('the attempt has no check scheduled');
  return { member, orderNo, checkAt: attempt.nextCheckAt };
}

describe('the reconciliation asks the providers about payments whose notification never came', () => {
  it('settles a WeChat payment found by the query; the notification arriving afterwards is a duplicate: no second payment, no refund', async () => {
    const { orderNo, checkAt } = await orderAwaiting('wechat');
    await reconcilePayments(ctx(), checkAt - minute);
    expect(wechatQueriesOf(orderNo)).toHaveLength(0);

    wechatOptions.transactions = { ...wechatOptions.transactions, [orderNo]: { tradeState: 'SUCCESS', amountCents: 9_900 } };
    await reconcilePayments(ctx(), checkAt);
    const [query, ...more] = wechatQueriesOf(orderNo);
    expect(more).toEqual([]);
    expect(query?.url).toBe(`${transactionQueryPath}/${orderNo}?mchid=${wechat.mchId}`);
    expect(await orderOf(t.db.kysely, orderNo)).toMatchObject({
      status: OrderStatus.unshipped,
      paymentMethod: 'wechat',
      paymentTradeNo: `4200001234${orderNo}`,
    });
    expect(await attemptOf(t.db.kysely, orderNo, 'wechat')).toMatchObject({ status: 'paid', paidCents: 9_900, nextCheckAt: null });

    expect((await notifyWechat(wechatNotification(wechat, { orderNo, amountCents: 9_900 }))).statusCode).toBe(204);
    expect(await notificationOutcomesOf(t.db.kysely, orderNo)).toEqual(['verified', 'duplicate']);
    expect((await eventKindsOf(t.db.kysely, orderNo)).filter((kind) => kind === 'paid')).toHaveLength(1);
    expect(await refundsOf(t.db.kysely, orderNo)).toEqual([]);
    expect(wechatRefundCallsOf(orderNo)).toHaveLength(0);
  });

  it('trusts no answer to its queries that is not signed by the provider: the payment waits for a genuine one', async () => {
    const wechatOrder = await orderAwaiting('wechat');
    const alipayOrder = await orderAwaiting('alipay');
    wechatOptions.transactions = { ...wechatOptions.transactions, [wechatOrder.orderNo]: { tradeState: 'SUCCESS', amountCents: 9_900 } };
    alipayOptions.trades = { ...alipayOptions.trades, [alipayOrder.orderNo]: { tradeStatus: 'TRADE_SUCCESS', totalAmount: '99.00' } };
    const due = Math.max(wechatOrder.checkAt, alipayOrder.checkAt);
    wechatOptions.answerKey = rsaKeyPair().privateKey;
    alipayOptions.answerKey = rsaKeyPair().privateKey;
    try {
      await reconcilePayments(ctx(), due);
    } finally {
      delete wechatOptions.answerKey;
      delete alipayOptions.answerKey;
    }
    const [query] = wechatQueriesOf(wechatOrder.orderNo);
    expect(query && isWechatRequestSigned(query, wechat)).toBe(true);
    expect(alipayCallsOf(alipayOrder.orderNo)).toEqual([tradeQueryMethod]);
    for (const { orderNo } of [wechatOrder, alipayOrder]) expect(await orderOf(t.db.kysely, orderNo)).toMatchObject({ status: OrderStatus.unpaid });
    expect(await attemptOf(t.db.kysely, wechatOrder.orderNo, 'wechat')).toMatchObject({ status: 'created', checkCount: 1 });

    await reconcilePayments(ctx(), due + 30 * minute);
    for (const { orderNo } of [wechatOrder, alipayOrder]) expect(await orderOf(t.db.kysely, orderNo)).toMatchObject({ status: OrderStatus.unshipped });
  });

  it('asks again later, less and less often, while Alipay has no payment, and closes the attempt past the horizon', async () => {
    const { orderNo, checkAt } = await orderAwaiting('alipay');
    const horizonMs = 60 * minute;
    await reconcilePayments(ctx(), checkAt, { horizonMs });
    expect(alipayCallsOf(orderNo)).toEqual([tradeQueryMethod]);
    expect(await attemptOf(t.db.kysely, orderNo, 'alipay')).toMatchObject({ status: 'created', checkCount: 1, nextCheckAt: checkAt + 20 * minute });
    await reconcilePayments(ctx(), checkAt + 19 * minute, { horizonMs });
    expect(alipayCallsOf(orderNo)).toHaveLength(1);
    await reconcilePayments(ctx(), checkAt + 20 * minute, { horizonMs });
    expect(await attemptOf(t.db.kysely, orderNo, 'alipay')).toMatchObject({ status: 'created', checkCount: 2, nextCheckAt: checkAt + 60 * minute });
    await reconcilePayments(ctx(), checkAt + 60 * minute, { horizonMs });
    expect(alipayCallsOf(orderNo)).toEqual([tradeQueryMethod, tradeQueryMethod, tradeQueryMethod]);
    expect(await attemptOf(t.db.kysely, orderNo, 'alipay')).toMatchObject({ status: 'closed', nextCheckAt: null });
    expect(await orderOf(t.db.kysely, orderNo)).toMatchObject({ status: OrderStatus.unpaid });

    // A payment that still arrives is taken as any other: the order was still waiting for it.
    expect((await notifyAlipay(alipayNotification(alipay, { orderNo, amount: '99.00' }))).body).toBe('success');
    expect(await attemptOf(t.db.kysely, orderNo, 'alipay')).toMatchObject({ status: 'paid' });
    expect(await orderOf(t.db.kysely, orderNo)).toMatchObject({ status: OrderStatus.unshipped });
  });

  it('refunds at once a payment the query finds for an order cancelled meanwhile, and the late notification changes nothing more', async () => {
    const { member, orderNo, checkAt } = await orderAwaiting('alipay');
    await cancelOrder(t.db.kysely, member.userId, orderNo);
    alipayOptions.trades = { ...alipayOptions.trades, [orderNo]: { tradeStatus: 'TRADE_SUCCESS', totalAmount: '99.00' } };
    await reconcilePayments(ctx(), checkAt);
    expect(alipayCallsOf(orderNo)).toEqual([tradeQueryMethod, refundMethod]);
    expect(await orderOf(t.db.kysely, orderNo)).toMatchObject({ status: OrderStatus.cancelled, paidAt: null });
    expect(await attemptOf(t.db.kysely, orderNo, 'alipay')).toMatchObject({ status: 'lateRefunded', paidCents: 9_900 });
    expect(await refundsOf(t.db.kysely, orderNo)).toMatchObject([
      { refundNo: `L-alipay-${orderNo}`, kind: 'latePayment', status: 'succeeded', amountCents: 9_900, reason: '订单已取消' },
    ]);

    expect((await notifyAlipay(alipayNotification(alipay, { orderNo, amount: '99.00' }))).body).toBe('success');
    expect(await notificationOutcomesOf(t.db.kysely, orderNo)).toEqual(['refundNeeded', 'duplicate']);
    expect(alipayCallsOf(orderNo)).toEqual([tradeQueryMethod, refundMethod]);
    expect(await refundsOf(t.db.kysely, orderNo)).toHaveLength(1);
    expect(await refundedCentsOf(t.db.kysely, orderNo)).toBe(0);
  });

  it('counts late payments on /metrics as their refunds are queued and end, and shows the refunds owed', async () => {
    const metricValue = (text: string, line: string) =>
      Number(
        text
          .split('\n')
          .find((entry) => entry.startsWith(`${line} `))
          ?.slice(line.length + 1) ?? 0,
      );
    const before = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    const { member, orderNo } = await orderAwaiting('alipay');
    await cancelOrder(t.db.kysely, member.userId, orderNo);
    expect((await notifyAlipay(alipayNotification(alipay, { orderNo, amount: '99.00' }))).body).toBe('success');
    const after = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    for (const status of ['requested', 'succeeded']) {
      const line = `payment_late_refunds_total{method="alipay",status="${status}"}`;
      expect(metricValue(after, line) - metricValue(before, line)).toBe(1);
    }
    expect(after).toContain('# TYPE payment_refunds_owed gauge');
    expect(after).toContain('# TYPE payment_reconcile_last_run_seconds gauge');
  });

  it('queues the refund of a late payment left 待退回 without one (marked before late payments were refunded)', async () => {
    const member = await t.member();
    const orderNo = await insertUnpaidOrder(t.db.kysely, member.userId, { payableCents: 5_000 });
    await cancelOrder(t.db.kysely, member.userId, orderNo);
    const now = Date.now();
    const attempt = await t.db.kysely
      .insertInto('paymentAttempts')
      .values({
        orderNo,
        userId: member.userId,
        method: 'alipay',
        outTradeNo: orderNo,
        amountCents: 5_000,
        status: 'lateRefunding',
        instructionJson: '{}',
        tradeNo: `T${orderNo}`,
        paidCents: 5_000,
        paidAt: now,
        createdAt: now,
        updatedAt: now,
        nextCheckAt: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const [first, second] = await Promise.all([reconcilePayments(ctx(), now), reconcilePayments(ctx(), now)]);
    expect(first.lateRefundsQueued + second.lateRefundsQueued).toBe(1);
    expect(alipayCallsOf(orderNo)).toEqual([refundMethod]);
    expect(await refundsOf(t.db.kysely, orderNo)).toMatchObject([
      { refundNo: lateRefundNoOf({ method: 'alipay', outTradeNo: orderNo }), attemptId: attempt.id, status: 'succeeded' },
    ]);
    expect(await attemptOf(t.db.kysely, orderNo, 'alipay')).toMatchObject({ status: 'lateRefunded' });
  });
});

describe('the reconciliation ends refunds whose answer never came, and tries owed ones again', () => {
  async function paidBy(method: 'alipay' | 'wechat', payableCents = 9_900) {
    const member = await t.member();
    const tradeNo = method === 'wechat' ? `4200001234${String(member.userId)}` : `2025112322001400${String(member.userId)}`;
    return { member, orderNo: await insertPaidOrder(t.db.kysely, member.userId, { method, payableCents, tradeNo }) };
  }

  it('ends a WeChat refund stuck at 处理中 by the query: 成功, or 失败 giving an adjustment’s amount back', async () => {
    const now = Date.now();
    const a = await paidBy('wechat');
    const b = await paidBy('wechat');
    await refundOrder(ctx(), { orderNo: a.orderNo, refundNo: `QA${a.orderNo}`, amountCents: 1_000, reason: '', now });
    await refundOrder(ctx(), { orderNo: b.orderNo, refundNo: `QB${b.orderNo}`, amountCents: 2_000, reason: '', now: now + 20 * minute });
    wechatOptions.refundQueryStatus = 'SUCCESS';
    await reconcilePayments(ctx(), now + 10 * minute);
    expect(wechatQueriesOf(`QA${a.orderNo}`).map((request) => request.url)).toEqual([`${refundPath}/QA${a.orderNo}`]);
    expect(await refundsOf(t.db.kysely, a.orderNo)).toMatchObject([{ status: 'succeeded', answer: '查询 SUCCESS' }]);
    expect(await eventKindsOf(t.db.kysely, a.orderNo)).toEqual(['refundRequested', 'refunded']);
    expect(await refundsOf(t.db.kysely, b.orderNo)).toMatchObject([{ status: 'processing' }]);

    wechatOptions.refundQueryStatus = 'ABNORMAL';
    try {
      await reconcilePayments(ctx(), now + 30 * minute);
    } finally {
      delete wechatOptions.refundQueryStatus;
    }
    expect(await refundsOf(t.db.kysely, b.orderNo)).toMatchObject([{ status: 'failed', kind: 'adjustment', nextCheckAt: null }]);
    expect(await refundedCentsOf(t.db.kysely, b.orderNo)).toBe(0);
    expect(wechatRefundCallsOf(a.orderNo)).toHaveLength(1);
    expect(wechatRefundCallsOf(b.orderNo)).toHaveLength(1);
  });

  it('asks Alipay under the same number for a refund it never got (the process died before asking)', async () => {
    const now = Date.now();
    const { orderNo } = await paidBy('alipay');
    const base = ctx();
    const lost = new Error('the process died before asking');
    const dying: RefundContext = {
      ...base,
      providers: {
        ...base.providers,
        find: (method) => {
          const provider = base.providers.find(method);
          return provider && ({ ...provider, refund: () => Promise.reject(lost) } satisfies PaymentProvider);
        },
      },
    };
    await expect(refundOrder(dying, { orderNo, refundNo: `QL${orderNo}`, amountCents: 3_000, reason: '', now })).rejects.toBe(lost);
    expect(await refundsOf(t.db.kysely, orderNo)).toMatchObject([{ status: 'processing' }]);
    await reconcilePayments(ctx(), now + 10 * minute);
    expect(alipayCallsOf(orderNo)).toEqual([refundQueryMethod, refundMethod]);
    expect(await refundsOf(t.db.kysely, orderNo)).toMatchObject([{ status: 'succeeded' }]);
    expect(await refundedCentsOf(t.db.kysely, orderNo)).toBe(3_000);
  });

  it('keeps a cancellation’s refund owed while Alipay refuses it, and tries it again with a growing interval until it goes through', async () => {
    const now = Date.now();
    const { orderNo } = await paidBy('alipay', 6_000);
    alipayOptions.refundRefusal = { subCode: 'ACQ.SELLER_BALANCE_NOT_ENOUGH', subMsg: '卖家余额不足' };
    try {
      const { order, refund } = await cancelByStaff(ctx(), { orderNo, reason: '缺货', now });
      expect(order).toMatchObject({ status: 'cancelled', refundedCents: 6_000 });
      expect(refund).toMatchObject({ status: 'failed', kind: 'cancellation', nextCheckAt: now + 10 * minute });
      await reconcilePayments(ctx(), now + 9 * minute);
      expect(alipayCallsOf(orderNo)).toEqual([refundMethod]);
      await reconcilePayments(ctx(), now + 10 * minute);
      expect(alipayCallsOf(orderNo)).toEqual([refundMethod, refundMethod]);
      expect(await refundsOf(t.db.kysely, orderNo)).toMatchObject([{ status: 'failed', checkCount: 1, nextCheckAt: now + 30 * minute }]);
    } finally {
      alipayOptions.refundRefusal = null;
    }
    await reconcilePayments(ctx(), now + 30 * minute);
    expect(alipayCallsOf(orderNo)).toEqual([refundMethod, refundMethod, refundMethod]);
    expect(await refundsOf(t.db.kysely, orderNo)).toMatchObject([{ status: 'succeeded', nextCheckAt: null }]);
    expect(await refundedCentsOf(t.db.kysely, orderNo)).toBe(6_000);
    expect((await eventKindsOf(t.db.kysely, orderNo)).filter((kind) => kind === 'refunded')).toHaveLength(1);
  });

  it('asks once per item when two reconcilers run at the same moment', async () => {
    const now = Date.now();
    const waiting = await Promise.all([orderAwaiting('wechat'), orderAwaiting('wechat'), orderAwaiting('alipay')]);
    const refunded = await Promise.all([paidBy('wechat'), paidBy('wechat')]);
    for (const { orderNo } of refunded) await refundOrder(ctx(), { orderNo, refundNo: `QT${orderNo}`, amountCents: 500, reason: '', now });
    const due = Math.max(now + 10 * minute, ...waiting.map((each) => each.checkAt));
    const reconcilers = [new PaymentReconciler(ctx()), new PaymentReconciler(ctx())];
    await Promise.all(reconcilers.map((reconciler) => reconciler.reconcile(due)));
    await Promise.all(reconcilers.map((reconciler) => reconciler.close()));
    for (const { orderNo } of waiting.slice(0, 2)) expect(wechatQueriesOf(orderNo)).toHaveLength(1);
    expect(alipayCallsOf(waiting[2].orderNo)).toEqual([tradeQueryMethod]);
    for (const { orderNo } of refunded) expect(wechatQueriesOf(`QT${orderNo}`)).toHaveLength(1);
    for (const { orderNo } of refunded) expect(wechatRefundCallsOf(orderNo)).toHaveLength(1);
  });
});
