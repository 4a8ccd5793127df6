import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refundNotifyPaths } from '../../../contract/payment.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { refundOrder } from './order-refund-workflow.service.ts';
import { loadOrderDetail } from '../order/order.service.ts';
import { refundContextOf } from './payment-refund.service.ts';
import type { FakeServer } from './testing/fake-server.ts';
import {
  isWechatRequestSigned,
  startFakeWechatPay,
  wechatEnv,
  wechatKeys,
  wechatRefundNotification,
  type FakeWechatOptions,
} from './testing/fake-wechat-pay.ts';
import { eventKindsOf, insertPaidOrder, notificationOutcomesOf, refundedCentsOf, refundsOf, rsaKeyPair } from './testing/payment-fixtures.ts';
import { refundPath } from './wechat-pay-provider.ts';

const keys = wechatKeys();
const env: Record<string, string> = {};
const fakeOptions: FakeWechatOptions = {};
let fake: FakeServer;

beforeAll(async () => {
  fake = await startFakeWechatPay(keys, fakeOptions);
  Object.assign(env, wechatEnv(keys, fake.url));
});
afterAll(async () => {
  await fake.close();
});

const t = useTestApp({ app: { env } });
const ctx = () => refundContextOf({ db: t.db.kysely, logger: t.deps.logger, config: t.deps.config });

function notify(notification: { headers: Record<string, string>; body: string }) {
  return t.app.inject({ method: 'POST', url: refundNotifyPaths.wechat, payload: notification.body, headers: notification.headers });
}

const refundRequestsOf = (orderNo: string) => fake.requests.filter((request) => request.url === refundPath && request.body.includes(orderNo));

/** An order of ¥99.00 paid by WeChat Pay (its transaction id is what the refund names). */
async function orderPaidByWechat() {
  const member = await t.member();
  const orderNo = await insertPaidOrder(t.db.kysely, member.userId, { method: 'wechat', payableCents: 9_900, tradeNo: `4200001234${String(member.userId)}` });
  return { member, orderNo, tradeNo: `4200001234${String(member.userId)}` };
}

describe('WeChat Pay refunds (POST /v3/refund/domestic/refunds, then the refund notification)', () => {
  it('asks with a signed request naming the transaction, the refund number and {refund, total, currency}; 处理中 until WeChat reports', async () => {
    fakeOptions.refundRefusal = null;
    const { member, orderNo, tradeNo } = await orderPaidByWechat();
    const refundNo = `W${orderNo}`;
    const { refund } = await refundOrder(ctx(), { orderNo, refundNo, amountCents: 3_300, reason: '少发 3 个' });
    expect(refund).toMatchObject({ status: 'processing', method: 'wechat', answer: 'PROCESSING' });
    expect(refund.providerRefundNo).toMatch(/^5000/);
    const [request, ...more] = refundRequestsOf(orderNo);
    expect(more).toEqual([]);
    expect(request && isWechatRequestSigned(request, keys)).toBe(true);
    expect(JSON.parse(request?.body ?? '{}')).toEqual({
      transaction_id: tradeNo,
      out_refund_no: refundNo,
      reason: '少发 3 个',
      notify_url: 'https://shop.example.com/pay/notify/wechat/refund',
      amount: { refund: 3_300, total: 9_900, currency: 'CNY' },
    });
    expect(await refundedCentsOf(t.db.kysely, orderNo)).toBe(3_300);
    expect((await loadOrderDetail(t.db.kysely, member.userId, orderNo)).refunds).toMatchObject([{ statusLabel: '退款中', isDone: false }]);

    const notice = wechatRefundNotification(keys, { orderNo, refundNo, refundCents: 3_300, totalCents: 9_900 });
    expect((await notify(notice)).statusCode).toBe(204);
    expect((await notify(notice)).statusCode).toBe(204);
    expect(await refundsOf(t.db.kysely, orderNo)).toMatchObject([{ status: 'succeeded', answer: 'REFUND.SUCCESS SUCCESS' }]);
    expect(await eventKindsOf(t.db.kysely, orderNo)).toEqual(['refundRequested', 'refunded']);
    expect(await notificationOutcomesOf(t.db.kysely, orderNo)).toEqual(['verified', 'duplicate']);
    expect((await loadOrderDetail(t.db.kysely, member.userId, orderNo)).refunds).toMatchObject([{ statusLabel: '已退款', isDone: true }]);
  });

  it('refuses a refund notification signed by another key or sealed with another APIv3 key, changing nothing', async () => {
    fakeOptions.refundRefusal = null;
    const { orderNo } = await orderPaidByWechat();
    const refundNo = `WX${orderNo}`;
    await refundOrder(ctx(), { orderNo, refundNo, amountCents: 900, reason: '' });
    const fields = { orderNo, refundNo, refundCents: 900, totalCents: 9_900 };
    expect((await notify(wechatRefundNotification(keys, fields, { signWith: rsaKeyPair().privateKey }))).statusCode).toBe(401);
    expect((await notify(wechatRefundNotification(keys, fields, { apiV3Key: 'x'.repeat(32) }))).statusCode).toBe(401);
    expect((await notify(wechatRefundNotification(keys, fields, { transaction: { mchid: '1900000000' } }))).statusCode).toBe(401);
    expect(await refundsOf(t.db.kysely, orderNo)).toMatchObject([{ status: 'processing' }]);
    expect(await eventKindsOf(t.db.kysely, orderNo)).toEqual(['refundRequested']);
  });

  it('gives an adjustment’s amount back when WeChat reports it ABNORMAL, and ignores a notice of another amount', async () => {
    fakeOptions.refundRefusal = null;
    const { orderNo } = await orderPaidByWechat();
    const refundNo = `WA${orderNo}`;
    await refundOrder(ctx(), { orderNo, refundNo, amountCents: 3_000, reason: '' });
    expect((await notify(wechatRefundNotification(keys, { orderNo, refundNo, refundCents: 1, totalCents: 9_900 }))).statusCode).toBe(204);
    expect(await refundsOf(t.db.kysely, orderNo)).toMatchObject([{ status: 'processing' }]);
    expect((await notify(wechatRefundNotification(keys, { orderNo, refundNo, refundCents: 3_000, totalCents: 9_900, status: 'ABNORMAL' }))).statusCode).toBe(
      204,
    );
    expect(await refundsOf(t.db.kysely, orderNo)).toMatchObject([{ status: 'failed', kind: 'adjustment', nextCheckAt: null }]);
    expect(await refundedCentsOf(t.db.kysely, orderNo)).toBe(0);
    expect(await notificationOutcomesOf(t.db.kysely, orderNo)).toEqual(['wrongAmount', 'verified']);
  });

  it('keeps a full refund’s amount owed when WeChat reports it CLOSED: the buyer still sees 退款中, and it is tried again later', async () => {
    fakeOptions.refundRefusal = null;
    const { member, orderNo } = await orderPaidByWechat();
    const refundNo = `WO${orderNo}`;
    const now = Date.now();
    const { order } = await refundOrder(ctx(), { orderNo, refundNo, amountCents: 9_900, reason: '', now });
    expect(order.status).toBe('closed');
    expect((await notify(wechatRefundNotification(keys, { orderNo, refundNo, refundCents: 9_900, totalCents: 9_900, status: 'CLOSED' }))).statusCode).toBe(204);
    const [refund] = await refundsOf(t.db.kysely, orderNo);
    expect(refund).toMatchObject({ status: 'failed', kind: 'closing' });
    expect(refund?.nextCheckAt).toBeGreaterThan(now);
    expect(await refundedCentsOf(t.db.kysely, orderNo)).toBe(9_900);
    expect((await loadOrderDetail(t.db.kysely, member.userId, orderNo)).refunds).toMatchObject([{ statusLabel: '退款中', isDone: false }]);
  });

  it('leaves the order un-refunded when WeChat refuses the refund, with its code and message recorded', async () => {
    const { orderNo } = await orderPaidByWechat();
    fakeOptions.refundRefusal = { status: 403, code: 'NOT_ENOUGH', message: '基本账户余额不足，请充值后重新发起' };
    try {
      await expect(refundOrder(ctx(), { orderNo, refundNo: `WF${orderNo}`, amountCents: 500, reason: '' })).rejects.toMatchObject({
        errorCode: 'payment.refundProviderFailed',
      });
    } finally {
      fakeOptions.refundRefusal = null;
    }
    expect(await refundsOf(t.db.kysely, orderNo)).toMatchObject([{ status: 'failed', answer: 'NOT_ENOUGH 基本账户余额不足，请充值后重新发起' }]);
    expect(await refundedCentsOf(t.db.kysely, orderNo)).toBe(0);
  });

  it('sends WeChat one request for 10 identical refunds at once, and records one refund', async () => {
    fakeOptions.refundRefusal = null;
    const { orderNo } = await orderPaidByWechat();
    const request = { orderNo, refundNo: `WC${orderNo}`, amountCents: 1_000, reason: '' };
    await Promise.all(Array.from({ length: 10 }, () => refundOrder(ctx(), request)));
    expect(refundRequestsOf(orderNo)).toHaveLength(1);
    expect(await refundsOf(t.db.kysely, orderNo)).toHaveLength(1);
    expect(await refundedCentsOf(t.db.kysely, orderNo)).toBe(1_000);
  });
});
