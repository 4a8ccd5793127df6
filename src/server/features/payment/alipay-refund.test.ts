import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/use-test-app.ts';
import { cancelByStaff, refundOrder } from './order-refund-workflow.service.ts';
import { refundMethod, refundQueryMethod } from './alipay-provider.ts';
import { reconcilePayments } from './payment-reconciliation.ts';
import { refundContextOf } from './payment-refund.service.ts';
import { alipayEnv, alipayKeys, isAlipayGatewayRequestSigned, startFakeAlipay, type FakeAlipayOptions } from './testing/fake-alipay.ts';
import type { FakeServer } from './testing/fake-server.ts';
import { eventKindsOf, insertPaidOrder, refundedCentsOf, refundsOf, rsaKeyPair } from './testing/payment-fixtures.ts';

const keys = alipayKeys();
const env: Record<string, string> = {};
const fakeOptions: FakeAlipayOptions = {};
let fake: FakeServer;

beforeAll(async () => {
  fake = await startFakeAlipay(keys, fakeOptions);
  Object.assign(env, alipayEnv(keys, fake.url));
});
afterAll(async () => {
  await fake.close();
});

const t = useTestApp({ app: { env } });
const ctx = () => refundContextOf({ db: t.db.kysely, logger: t.deps.logger, config: t.deps.config });

/** The refund requests that reached Alipay's gateway for an order. */
const refundRequestsOf = (orderNo: string) => fake.requests.filter((request) => request.url.startsWith('/gateway.do') && request.body.includes(orderNo));
const bizOf = (body: string) => JSON.parse(new URLSearchParams(body).get('biz_content') ?? '{}') as Record<string, unknown>;

async function orderPaidByAlipay(payableCents = 12_345) {
  const member = await t.member();
  const orderNo = await insertPaidOrder(t.db.kysely, member.userId, { method: 'alipay', payableCents, tradeNo: `2025112322001400${String(member.userId)}` });
  return { member, orderNo };
}

describe('Alipay refunds (alipay.trade.refund through the SDK)', () => {
  it('asks Alipay with a signed request carrying out_request_no and the amount in yuan, and records 成功 at once', async () => {
    fakeOptions.refundRefusal = null;
    const { orderNo } = await orderPaidByAlipay();
    const { refund, order } = await refundOrder(ctx(), { orderNo, refundNo: `A${orderNo}`, amountCents: 2_330, reason: '少发 1 个' });
    expect(refund).toMatchObject({ status: 'succeeded', method: 'alipay', amountCents: 2_330 });
    expect(refund.answer).toContain('10000');
    expect(order.refundedCents).toBe(2_330);
    const [request, ...more] = refundRequestsOf(orderNo);
    expect(more).toEqual([]);
    expect(request && isAlipayGatewayRequestSigned(request, keys)).toBe(true);
    expect(new URL(request?.url ?? '', fake.url).searchParams.get('method')).toBe(refundMethod);
    expect(bizOf(request?.body ?? '')).toMatchObject({
      out_trade_no: orderNo,
      out_request_no: `A${orderNo}`,
      refund_amount: '23.30',
      refund_reason: '少发 1 个',
    });
    expect(await eventKindsOf(t.db.kysely, orderNo)).toEqual(['refundRequested', 'refunded']);
  });

  it('leaves the order un-refunded when Alipay refuses, records 失败 with its answer, and the same number succeeds on retry', async () => {
    const { orderNo } = await orderPaidByAlipay();
    fakeOptions.refundRefusal = { subCode: 'ACQ.SELLER_BALANCE_NOT_ENOUGH', subMsg: '卖家余额不足' };
    const request = { orderNo, refundNo: `AF${orderNo}`, amountCents: 5_000, reason: '' };
    await expect(refundOrder(ctx(), request)).rejects.toMatchObject({
      errorCode: 'payment.refundProviderFailed',
      message: '支付渠道退款失败，订单未退款，请稍后用同一退款单号重试',
    });
    expect(await refundedCentsOf(t.db.kysely, orderNo)).toBe(0);
    expect(await refundsOf(t.db.kysely, orderNo)).toMatchObject([
      { status: 'failed', kind: 'adjustment', answer: expect.stringContaining('卖家余额不足') as unknown },
    ]);
    expect(await eventKindsOf(t.db.kysely, orderNo)).toEqual(['refundRequested']);

    fakeOptions.refundRefusal = null;
    expect((await refundOrder(ctx(), request)).refund).toMatchObject({ status: 'succeeded' });
    expect(await refundsOf(t.db.kysely, orderNo)).toHaveLength(1);
    expect(await refundedCentsOf(t.db.kysely, orderNo)).toBe(5_000);
    expect(refundRequestsOf(orderNo)).toHaveLength(2);
  });

  it('keeps a refund whose answer is not signed by Alipay 处理中, its amount held, until the reconciliation finds it refunded', async () => {
    fakeOptions.refundRefusal = null;
    fakeOptions.answerKey = rsaKeyPair().privateKey;
    const now = Date.now();
    const { orderNo } = await orderPaidByAlipay();
    try {
      const { refund } = await refundOrder(ctx(), { orderNo, refundNo: `AS${orderNo}`, amountCents: 100, reason: '', now });
      // The money may have gone back: nothing is given back on an answer that cannot be trusted.
      expect(refund).toMatchObject({ status: 'processing', answer: expect.stringContaining('验签失败') as unknown });
      expect(await refundedCentsOf(t.db.kysely, orderNo)).toBe(100);
    } finally {
      delete fakeOptions.answerKey;
    }
    await reconcilePayments(ctx(), now + 10 * 60_000);
    expect(await refundsOf(t.db.kysely, orderNo)).toMatchObject([{ status: 'succeeded', answer: expect.stringContaining('REFUND_SUCCESS') as unknown }]);
    expect(refundRequestsOf(orderNo).map((request) => new URL(request.url, fake.url).searchParams.get('method'))).toEqual([refundMethod, refundQueryMethod]);
    expect(await refundedCentsOf(t.db.kysely, orderNo)).toBe(100);
  });

  it('sends Alipay one request for 10 identical refunds at once, and records one refund', async () => {
    fakeOptions.refundRefusal = null;
    const { orderNo } = await orderPaidByAlipay();
    const request = { orderNo, refundNo: `AC${orderNo}`, amountCents: 1_000, reason: '' };
    await Promise.all(Array.from({ length: 10 }, () => refundOrder(ctx(), request)));
    expect(refundRequestsOf(orderNo)).toHaveLength(1);
    expect(await refundsOf(t.db.kysely, orderNo)).toMatchObject([{ status: 'succeeded' }]);
    expect(await refundedCentsOf(t.db.kysely, orderNo)).toBe(1_000);
  });

  it('cancels the order staff cancel even when Alipay refuses its refund, which staff then send again under its number', async () => {
    const { orderNo } = await orderPaidByAlipay(6_000);
    fakeOptions.refundRefusal = { subCode: 'ACQ.SYSTEM_ERROR', subMsg: '系统错误' };
    const { order, refund } = await cancelByStaff(ctx(), { orderNo, reason: '' });
    fakeOptions.refundRefusal = null;
    // A cancellation's refund is owed: its amount stays held while it waits to be sent again.
    expect(order).toMatchObject({ status: 'cancelled', refundedCents: 6_000 });
    expect(refund).toMatchObject({ refundNo: `C${orderNo}`, status: 'failed', kind: 'cancellation' });
    expect((await refundOrder(ctx(), { orderNo, refundNo: `C${orderNo}`, amountCents: 6_000, reason: '取消订单' })).refund).toMatchObject({
      status: 'succeeded',
    });
    expect(await refundedCentsOf(t.db.kysely, orderNo)).toBe(6_000);
  });
});
