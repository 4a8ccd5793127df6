import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderStatus } from '../../../contract/order.ts';
import { paymentCalls } from '../../../contract/payment-calls.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { cancelOrder, loadOrderDetail } from '../order/order.service.ts';
import { createAlipayProvider, precreatePath } from './alipay-provider.ts';
import { forgedNoticeLimit } from './payment-notification.service.ts';
import { ProviderError, qrImageOf } from './payment-provider.ts';
import { alipayEnv, alipayKeys, alipayNotification, isAlipayRequestSigned, startFakeAlipay } from './testing/fake-alipay.ts';
import type { FakeServer } from './testing/fake-server.ts';
import {
  attemptOf,
  eventKindsOf,
  insertUnpaidOrder,
  notificationOutcomesOf,
  orderOf,
  refundedCentsOf,
  refundsOf,
  rsaKeyPair,
} from './testing/payment-fixtures.ts';

const keys = alipayKeys();
const env: Record<string, string> = {};
let fake: FakeServer;

beforeAll(async () => {
  fake = await startFakeAlipay(keys);
  Object.assign(env, alipayEnv(keys, fake.url));
});
afterAll(async () => {
  await fake.close();
});

const t = useTestApp({ app: { env } });

function notify(body: string) {
  return t.app.inject({
    method: 'POST',
    url: '/pay/notify/alipay',
    payload: body,
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
  });
}

/** A member's unpaid order of ¥123.45 for which the member chose Alipay at the cashier. */
async function orderPaidByAlipay() {
  const member = await t.member();
  const orderNo = await insertUnpaidOrder(t.db.kysely, member.userId, { payableCents: 12_345 });
  const instruction = await member.browser.callOk(paymentCalls.create, { orderNo, method: 'alipay' });
  return { member, orderNo, instruction };
}

describe('Alipay: precreate', () => {
  it('asks Alipay for the QR with a request signed by the application key, and answers its address and the web cashier link', async () => {
    const { orderNo, instruction } = await orderPaidByAlipay();
    const request = fake.requests.findLast((each) => each.body.includes(orderNo));
    expect(request?.url).toBe(precreatePath);
    expect(request && isAlipayRequestSigned(request, keys)).toBe(true);
    expect(JSON.parse(request?.body ?? '{}')).toMatchObject({
      out_trade_no: orderNo,
      total_amount: '123.45',
      subject: `芯品商城订单${orderNo}`,
      notify_url: 'https://shop.example.com/pay/notify/alipay',
    });
    expect(instruction).toMatchObject({
      kind: 'qr',
      method: 'alipay',
      codeUrl: `https://qr.alipay.com/bax0${orderNo}`,
      qrImage: await qrImageOf(`https://qr.alipay.com/bax0${orderNo}`),
    });
    const webPay = new URL(instruction.kind === 'qr' ? (instruction.webPayUrl ?? '') : '');
    expect(`${webPay.origin}${webPay.pathname}`).toBe(`${fake.url}/gateway.do`);
    expect(webPay.searchParams.get('method')).toBe('alipay.trade.page.pay');
    expect(webPay.searchParams.get('sign_type')).toBe('RSA2');
    expect(webPay.searchParams.get('sign')).toBeTruthy();
    expect(webPay.searchParams.get('return_url')).toBe(`https://shop.example.com/user/order/detail/${orderNo}`);
    expect(await attemptOf(t.db.kysely, orderNo, 'alipay')).toMatchObject({ status: 'created', amountCents: 12_345, outTradeNo: orderNo });
  });

  it('shows the same QR again when the buyer comes back, without asking Alipay twice', async () => {
    const { member, orderNo, instruction } = await orderPaidByAlipay();
    const before = fake.requests.length;
    expect(await member.browser.callOk(paymentCalls.create, { orderNo, method: 'alipay' })).toEqual(instruction);
    expect(fake.requests.length).toBe(before);
  });

  it('refuses an answer not signed by Alipay, and Alipay refuses a request signed with another key', async () => {
    const forgedAnswers = await startFakeAlipay(keys, { answerKey: rsaKeyPair().privateKey });
    try {
      const provider = createAlipayProvider({
        appId: keys.appId,
        privateKey: keys.app.privateKey,
        alipayPublicKey: keys.alipay.publicKey,
        gateway: forgedAnswers.url,
      });
      const request = {
        orderNo: '2511230000000001',
        amountCents: 100,
        subject: '测试',
        expiresAt: null,
        notifyUrl: 'https://shop.example.com/n',
        returnUrl: 'https://shop.example.com/r',
      };
      await expect(provider.createPayment(request)).rejects.toBeInstanceOf(ProviderError);
      const strangerKey = createAlipayProvider({
        appId: keys.appId,
        privateKey: rsaKeyPair().privateKey,
        alipayPublicKey: keys.alipay.publicKey,
        gateway: fake.url,
      });
      await expect(strangerKey.createPayment(request)).rejects.toThrow(/验签出错/);
    } finally {
      await forgedAnswers.close();
    }
  });
});

describe('Alipay: asynchronous notifications', () => {
  it('pays the order on a correctly signed notification and answers success', async () => {
    const { orderNo } = await orderPaidByAlipay();
    const response = await notify(alipayNotification(keys, { orderNo, amount: '123.45', tradeNo: '2025112322001499990001' }));
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('success');
    expect(await orderOf(t.db.kysely, orderNo)).toMatchObject({
      status: OrderStatus.unshipped,
      paymentMethod: 'alipay',
      paymentTradeNo: '2025112322001499990001',
    });
    expect(await attemptOf(t.db.kysely, orderNo, 'alipay')).toMatchObject({ status: 'paid', tradeNo: '2025112322001499990001', paidCents: 12_345 });
    expect(await notificationOutcomesOf(t.db.kysely, orderNo)).toEqual(['verified']);
  });

  it('pays once when the same notification is replayed 20 times at once, and answers success to each', async () => {
    const { orderNo } = await orderPaidByAlipay();
    const body = alipayNotification(keys, { orderNo, amount: '123.45' });
    const responses = await Promise.all(Array.from({ length: 20 }, () => notify(body)));
    expect(responses.map((response) => response.body)).toEqual(Array.from({ length: 20 }, () => 'success'));
    expect(await orderOf(t.db.kysely, orderNo)).toMatchObject({ status: OrderStatus.unshipped });
    expect(await eventKindsOf(t.db.kysely, orderNo)).toEqual(['paid']);
    const outcomes = await notificationOutcomesOf(t.db.kysely, orderNo);
    expect(outcomes.filter((outcome) => outcome === 'verified')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'duplicate')).toHaveLength(19);
  });

  it('refuses a notification whose field was changed after signing, and changes nothing', async () => {
    const { orderNo } = await orderPaidByAlipay();
    const response = await notify(alipayNotification(keys, { orderNo, amount: '1.00' }, { tamper: { total_amount: '123.45' } }));
    expect(response.statusCode).toBe(400);
    expect(response.body).toBe('fail');
    expect(await orderOf(t.db.kysely, orderNo)).toMatchObject({ status: OrderStatus.unpaid, paidAt: null });
    expect(await attemptOf(t.db.kysely, orderNo, 'alipay')).toMatchObject({ status: 'created', tradeNo: null });
    const forged = await t.db.kysely
      .selectFrom('paymentNotifications')
      .selectAll()
      .where('outcome', '=', 'forged')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(forged).toMatchObject({ method: 'alipay', reason: 'badSignature', orderNo: null });
    expect(forged.bodySha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('records forged notices from one address only up to the limit, and still takes a genuine one from it (issue 29)', async () => {
    const { orderNo } = await orderPaidByAlipay();
    const address = '203.0.113.77';
    const forgedCount = () =>
      t.db.kysely
        .selectFrom('paymentNotifications')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .where('outcome', '=', 'forged')
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.count));
    const before = await forgedCount();
    const forgedBody = alipayNotification(keys, { orderNo, amount: '123.45' }, { signWith: rsaKeyPair().privateKey });
    const send = (body: string) =>
      t.app.inject({
        method: 'POST',
        url: '/pay/notify/alipay',
        remoteAddress: address,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: body,
      });
    const answers = await Promise.all(Array.from({ length: forgedNoticeLimit.perWindow + 20 }, () => send(forgedBody)));
    expect(new Set(answers.map((answer) => answer.body))).toEqual(new Set(['fail']));
    expect((await forgedCount()) - before).toBe(forgedNoticeLimit.perWindow);
    expect((await send(alipayNotification(keys, { orderNo, amount: '123.45' }))).body).toBe('success');
    expect(await orderOf(t.db.kysely, orderNo)).toMatchObject({ status: OrderStatus.unshipped });
  });

  it('refuses notifications signed with another key or for another application', async () => {
    const { orderNo } = await orderPaidByAlipay();
    expect((await notify(alipayNotification(keys, { orderNo, amount: '123.45' }, { signWith: rsaKeyPair().privateKey }))).body).toBe('fail');
    expect((await notify(alipayNotification(keys, { orderNo, amount: '123.45', appId: '2021000999999999' }))).body).toBe('fail');
    expect((await notify('out_trade_no=' + orderNo + '&trade_status=TRADE_SUCCESS&total_amount=123.45')).body).toBe('fail');
    expect(await orderOf(t.db.kysely, orderNo)).toMatchObject({ status: OrderStatus.unpaid, paidAt: null });
  });

  it('leaves the order unpaid on a genuine notification of the wrong amount, records it and refunds the money at once', async () => {
    const { orderNo } = await orderPaidByAlipay();
    const response = await notify(alipayNotification(keys, { orderNo, amount: '0.01' }));
    // Genuine: acknowledged so Alipay stops retrying; nothing is paid.
    expect(response.body).toBe('success');
    expect(await orderOf(t.db.kysely, orderNo)).toMatchObject({ status: OrderStatus.unpaid, paidAt: null });
    expect(await attemptOf(t.db.kysely, orderNo, 'alipay')).toMatchObject({ status: 'lateRefunded', paidCents: 1 });
    expect(await refundsOf(t.db.kysely, orderNo)).toMatchObject([
      { refundNo: `L-alipay-${orderNo}`, kind: 'latePayment', status: 'succeeded', amountCents: 1 },
    ]);
    expect(await notificationOutcomesOf(t.db.kysely, orderNo)).toEqual(['wrongAmount']);
  });

  it('leaves a cancelled order cancelled when its payment arrives late, refunds it through Alipay once, and shows the buyer 付款已退回', async () => {
    const { member, orderNo } = await orderPaidByAlipay();
    await cancelOrder(t.db.kysely, member.userId, orderNo);
    const notice = alipayNotification(keys, { orderNo, amount: '123.45' });
    expect((await notify(notice)).body).toBe('success');
    expect((await notify(notice)).body).toBe('success');
    expect(await orderOf(t.db.kysely, orderNo)).toMatchObject({ status: OrderStatus.cancelled, paidAt: null });
    expect(await attemptOf(t.db.kysely, orderNo, 'alipay')).toMatchObject({ status: 'lateRefunded' });
    expect(await notificationOutcomesOf(t.db.kysely, orderNo)).toEqual(['refundNeeded', 'duplicate']);
    const refunds = fake.requests.filter((request) => request.url.startsWith('/gateway.do') && request.body.includes(orderNo));
    expect(refunds.map((request) => JSON.parse(new URLSearchParams(request.body).get('biz_content') ?? '{}') as unknown)).toEqual([
      expect.objectContaining({
        out_trade_no: orderNo,
        trade_no: `2025112322001400${orderNo.slice(-10)}`,
        refund_amount: '123.45',
        out_request_no: `L-alipay-${orderNo}`,
      }),
    ]);
    expect(await refundsOf(t.db.kysely, orderNo)).toMatchObject([{ status: 'succeeded', reason: '订单已取消' }]);
    expect(await refundedCentsOf(t.db.kysely, orderNo)).toBe(0);
    expect((await loadOrderDetail(t.db.kysely, member.userId, orderNo)).refunds).toMatchObject([
      { refundNo: `L-alipay-${orderNo}`, amountCents: 12_345, isDone: true, statusLabel: '付款已退回', channelLabel: '原路退回（订单已取消）' },
    ]);
  });

  it('acknowledges a closed trade and a payment it never started without changing anything', async () => {
    const { orderNo } = await orderPaidByAlipay();
    expect((await notify(alipayNotification(keys, { orderNo, amount: '123.45', tradeStatus: 'TRADE_CLOSED' }))).body).toBe('success');
    expect(await orderOf(t.db.kysely, orderNo)).toMatchObject({ status: OrderStatus.unpaid });
    expect((await notify(alipayNotification(keys, { orderNo: '2511239999999999', amount: '5.00' }))).body).toBe('success');
    expect(await notificationOutcomesOf(t.db.kysely, orderNo)).toEqual(['ignored']);
    expect(await notificationOutcomesOf(t.db.kysely, '2511239999999999')).toEqual(['unknownOrder']);
  });

  it('refuses a notification larger than a provider ever sends, unread', async () => {
    const before = await t.db.kysely.selectFrom('paymentNotifications').select('id').execute();
    const response = await notify(`a=${'x'.repeat(70 * 1024)}`);
    expect(response.json()).toMatchObject({ errorCode: 'request.tooLarge' });
    expect(await t.db.kysely.selectFrom('paymentNotifications').select('id').execute()).toHaveLength(before.length);
  });
});

describe('Alipay unreachable', () => {
  // Port 9 (discard) on loopback: nothing listens, the connection is refused at once.
  const down = useTestApp({ app: { env: { ...alipayEnv(keys, 'http://127.0.0.1:9') } } });

  it('tells the buyer in Chinese to retry or choose another method, and records nothing', async () => {
    const member = await down.member();
    const orderNo = await insertUnpaidOrder(down.db.kysely, member.userId);
    expect(await member.browser.call(paymentCalls.create, { orderNo, method: 'alipay' })).toMatchObject({
      code: 503,
      errorCode: 'payment.providerFailed',
      msg: '支付渠道暂时无法下单，请稍后重试或选择其他支付方式',
    });
    expect(await attemptOf(down.db.kysely, orderNo, 'alipay')).toBeUndefined();
    expect(await orderOf(down.db.kysely, orderNo)).toMatchObject({ status: OrderStatus.unpaid });
  });
});
