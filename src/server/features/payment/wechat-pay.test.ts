import { createPublicKey, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderStatus } from '../../../contract/order.ts';
import { paymentCalls, paymentDevCalls } from '../../../contract/payment-calls.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { createWechatPayProvider, nativeOrderPath, refundPath } from './wechat-pay-provider.ts';
import { privateKeyOf } from './provider-keys.ts';
import { authorizationOf, decryptResource, isSignatureValid } from './wechat-pay-crypto.ts';
import {
  authorizationFields,
  isWechatRequestSigned,
  startFakeWechatPay,
  wechatEnv,
  wechatKeys,
  wechatNotification,
  wechatRefundNotification,
} from './testing/fake-wechat-pay.ts';
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
import { qrImageOf } from './payment-provider.ts';

const keys = wechatKeys();
const env: Record<string, string> = {};
let fake: FakeServer;

beforeAll(async () => {
  fake = await startFakeWechatPay(keys);
  Object.assign(env, wechatEnv(keys, fake.url));
});
afterAll(async () => {
  await fake.close();
});

const t = useTestApp({ app: { env } });

function notify(notification: { headers: Record<string, string>; body: string }) {
  return t.app.inject({ method: 'POST', url: '/pay/notify/wechat', payload: notification.body, headers: notification.headers });
}

/** A member's unpaid order of ¥99.00 for which the member chose WeChat Pay at the cashier. */
async function orderPaidByWechat() {
  const member = await t.member();
  const orderNo = await insertUnpaidOrder(t.db.kysely, member.userId, { payableCents: 9_900 });
  const instruction = await member.browser.callOk(paymentCalls.create, { orderNo, method: 'wechat' });
  return { member, orderNo, instruction };
}

describe('WeChat Pay APIv3 signatures', () => {
  it('signs a request as WeChat checks it: method, URL, timestamp, nonce and body under the merchant key', () => {
    const signer = { mchId: keys.mchId, serialNo: keys.serialNo, privateKey: privateKeyOf('key', keys.merchant.privateKey) };
    const header = authorizationOf(signer, 'POST', nativeOrderPath, '{"a":1}', 1_700_000_000_000, 'ABC123');
    const fields = authorizationFields(header);
    expect(fields).toMatchObject({ mchid: keys.mchId, nonce_str: 'ABC123', timestamp: '1700000000', serial_no: keys.serialNo });
    const message = `POST\n${nativeOrderPath}\n1700000000\nABC123\n{"a":1}\n`;
    expect(isSignatureValid(createPublicKey(keys.merchant.publicKey), message, fields?.signature ?? '')).toBe(true);
    expect(isSignatureValid(createPublicKey(keys.merchant.publicKey), message.replace('{"a":1}', '{"a":2}'), fields?.signature ?? '')).toBe(false);
  });

  it('decrypts a resource only with the APIv3 key it was sealed with', () => {
    const notification = wechatNotification(keys, { orderNo: '2511230000000001', amountCents: 100 });
    const { resource } = JSON.parse(notification.body) as { resource: { algorithm: string; ciphertext: string; nonce: string; associated_data: string } };
    expect(JSON.parse(decryptResource(keys.apiV3Key, resource) ?? '{}')).toMatchObject({ out_trade_no: '2511230000000001', amount: { total: 100 } });
    expect(decryptResource(randomBytes(16).toString('hex'), resource)).toBeNull();
    expect(decryptResource(keys.apiV3Key, { ...resource, associated_data: 'other' })).toBeNull();
  });
});

describe('WeChat Pay: Native order', () => {
  it('asks for a code_url with a signed request and shows it', async () => {
    const { orderNo, instruction } = await orderPaidByWechat();
    const request = fake.requests.findLast((each) => each.body.includes(orderNo));
    expect(request && isWechatRequestSigned(request, keys)).toBe(true);
    const sent = JSON.parse(request?.body ?? '{}') as { time_expire?: string };
    expect(sent).toMatchObject({
      appid: keys.appId,
      mchid: keys.mchId,
      out_trade_no: orderNo,
      description: `芯品商城订单${orderNo}`,
      notify_url: 'https://shop.example.com/pay/notify/wechat',
      amount: { total: 9_900, currency: 'CNY' },
    });
    expect(sent.time_expire).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/);
    expect(instruction).toEqual({
      kind: 'qr',
      method: 'wechat',
      codeUrl: `weixin://wxpay/bizpayurl?pr=${orderNo}`,
      webPayUrl: null,
      qrImage: await qrImageOf(`weixin://wxpay/bizpayurl?pr=${orderNo}`),
    });
    expect(instruction.kind === 'qr' ? instruction.qrImage : '').toMatch(/^data:image\/png;base64,/);
  });

  it('refuses an answer not signed with the platform key; WeChat refuses a request signed with another key', async () => {
    const forgedAnswers = await startFakeWechatPay(keys, { answerKey: rsaKeyPair().privateKey });
    try {
      const provider = createWechatPayProvider({ ...configOf(forgedAnswers.url) });
      const request = {
        orderNo: '2511230000000002',
        amountCents: 100,
        subject: '测试',
        expiresAt: null,
        notifyUrl: 'https://shop.example.com/n',
        returnUrl: '',
      };
      await expect(provider.createPayment(request)).rejects.toThrow(/signature failed \(badSignature\)/);
      const strangerKey = createWechatPayProvider({ ...configOf(fake.url), privateKey: rsaKeyPair().privateKey });
      await expect(strangerKey.createPayment(request)).rejects.toThrow(/HTTP 401/);
    } finally {
      await forgedAnswers.close();
    }
  });
});

function configOf(baseUrl: string) {
  return {
    mchId: keys.mchId,
    appId: keys.appId,
    serialNo: keys.serialNo,
    privateKey: keys.merchant.privateKey,
    platformPublicKey: keys.platform.publicKey,
    platformPublicKeyId: keys.platformKeyId,
    apiV3Key: keys.apiV3Key,
    baseUrl,
  };
}

describe('WeChat Pay: payment notifications', () => {
  it('pays the order on a signed, decryptable notification and answers 204', async () => {
    const { orderNo } = await orderPaidByWechat();
    const response = await notify(wechatNotification(keys, { orderNo, amountCents: 9_900 }));
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await orderOf(t.db.kysely, orderNo)).toMatchObject({
      status: OrderStatus.unshipped,
      paymentMethod: 'wechat',
      paymentTradeNo: `4200001234${orderNo}`,
    });
    expect(await attemptOf(t.db.kysely, orderNo, 'wechat')).toMatchObject({ status: 'paid', paidCents: 9_900 });
  });

  it('pays once when the notification is replayed 20 times at once', async () => {
    const { orderNo } = await orderPaidByWechat();
    const notification = wechatNotification(keys, { orderNo, amountCents: 9_900 });
    const responses = await Promise.all(Array.from({ length: 20 }, () => notify(notification)));
    expect(new Set(responses.map((response) => response.statusCode))).toEqual(new Set([204]));
    expect(await eventKindsOf(t.db.kysely, orderNo)).toEqual(['paid']);
    const outcomes = await notificationOutcomesOf(t.db.kysely, orderNo);
    expect(outcomes.filter((outcome) => outcome === 'verified')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'duplicate')).toHaveLength(19);
  });

  it.each([
    ['a signature by another key', { signWith: rsaKeyPair().privateKey }, 'badSignature'],
    ['a timestamp 6 minutes old (a replay of an old notice)', { timestampSeconds: Math.floor(Date.now() / 1000) - 6 * 60 }, 'staleTimestamp'],
    ['another platform key id', { keyId: 'PUB_KEY_ID_9999' }, 'unknownSerial'],
    ['a resource sealed with another APIv3 key', { apiV3Key: randomBytes(16).toString('hex') }, 'undecryptable'],
    ['another merchant’s transaction', { transaction: { mchid: '1900000001' } }, 'anotherMerchant'],
  ])('refuses %s with 401 and changes nothing', async (_name, options, reason) => {
    const { orderNo } = await orderPaidByWechat();
    const response = await notify(wechatNotification(keys, { orderNo, amountCents: 9_900 }, options));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'FAIL', message: '签名验证失败' });
    expect(await orderOf(t.db.kysely, orderNo)).toMatchObject({ status: OrderStatus.unpaid, paidAt: null });
    expect(await attemptOf(t.db.kysely, orderNo, 'wechat')).toMatchObject({ status: 'created' });
    const last = await t.db.kysely.selectFrom('paymentNotifications').select(['outcome', 'reason']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(last).toEqual({ outcome: 'forged', reason });
  });

  it('refuses a body changed after signing', async () => {
    const { orderNo } = await orderPaidByWechat();
    const notification = wechatNotification(keys, { orderNo, amountCents: 9_900 });
    const response = await notify({ ...notification, body: notification.body.replace('"summary":"支付成功"', '"summary":"支付成功 "') });
    expect(response.statusCode).toBe(401);
    expect(await orderOf(t.db.kysely, orderNo)).toMatchObject({ status: OrderStatus.unpaid });
  });

  it('leaves the order unpaid on a genuine notice of the wrong amount and sends the money back at once, once however often it is replayed', async () => {
    const { orderNo } = await orderPaidByWechat();
    const notice = wechatNotification(keys, { orderNo, amountCents: 1 });
    expect((await notify(notice)).statusCode).toBe(204);
    expect((await notify(notice)).statusCode).toBe(204);
    expect(await orderOf(t.db.kysely, orderNo)).toMatchObject({ status: OrderStatus.unpaid, paidAt: null });
    const attempt = await attemptOf(t.db.kysely, orderNo, 'wechat');
    expect(attempt).toMatchObject({ status: 'lateRefunding', paidCents: 1 });
    expect(await refundsOf(t.db.kysely, orderNo)).toMatchObject([
      { refundNo: `L-wechat-${orderNo}`, kind: 'latePayment', attemptId: attempt?.id, status: 'processing', amountCents: 1, reason: '付款金额与应付金额不符' },
    ]);
    const refundRequests = fake.requests.filter((request) => request.url === refundPath && request.body.includes(orderNo));
    expect(refundRequests.map((request) => JSON.parse(request.body) as unknown)).toMatchObject([
      { transaction_id: `4200001234${orderNo}`, out_refund_no: `L-wechat-${orderNo}`, amount: { refund: 1, total: 1, currency: 'CNY' } },
    ]);
    // The order never took it: nothing counts as refunded of what it is owed.
    expect(await refundedCentsOf(t.db.kysely, orderNo)).toBe(0);
    expect(await notificationOutcomesOf(t.db.kysely, orderNo)).toEqual(['wrongAmount', 'duplicate']);
  });

  it('acknowledges a closed transaction without paying', async () => {
    const { orderNo } = await orderPaidByWechat();
    const response = await notify(wechatNotification(keys, { orderNo, amountCents: 9_900 }, { transaction: { trade_state: 'CLOSED' } }));
    expect(response.statusCode).toBe(204);
    expect(await orderOf(t.db.kysely, orderNo)).toMatchObject({ status: OrderStatus.unpaid });
    expect(await notificationOutcomesOf(t.db.kysely, orderNo)).toEqual(['ignored']);
  });

  it('keeps the first payment when the order was already paid another way, and sends the second back: 已退回 once WeChat reports it', async () => {
    const { member, orderNo } = await orderPaidByWechat();
    // The buyer leaves the QR code open and pays by 模拟支付; then the WeChat payment arrives too.
    await member.browser.callOk(paymentDevCalls.devPay, { orderNo });
    const response = await notify(wechatNotification(keys, { orderNo, amountCents: 9_900 }));
    expect(response.statusCode).toBe(204);
    expect(await orderOf(t.db.kysely, orderNo)).toMatchObject({ status: OrderStatus.unshipped, paymentMethod: 'development' });
    expect(await eventKindsOf(t.db.kysely, orderNo)).toEqual(['paid']);
    expect(await attemptOf(t.db.kysely, orderNo, 'wechat')).toMatchObject({ status: 'lateRefunding', paidCents: 9_900 });
    expect(await notificationOutcomesOf(t.db.kysely, orderNo)).toEqual(['refundNeeded']);
    const refundNo = `L-wechat-${orderNo}`;
    expect(await refundsOf(t.db.kysely, orderNo)).toMatchObject([{ refundNo, status: 'processing', reason: '订单已付款，重复付款' }]);

    const refundNotice = wechatRefundNotification(keys, { orderNo, refundNo, refundCents: 9_900, totalCents: 9_900 });
    expect(
      (await t.app.inject({ method: 'POST', url: '/pay/notify/wechat/refund', payload: refundNotice.body, headers: refundNotice.headers })).statusCode,
    ).toBe(204);
    expect(await refundsOf(t.db.kysely, orderNo)).toMatchObject([{ refundNo, status: 'succeeded' }]);
    expect(await attemptOf(t.db.kysely, orderNo, 'wechat')).toMatchObject({ status: 'lateRefunded' });
    expect(await refundedCentsOf(t.db.kysely, orderNo)).toBe(0);
    const messages = await t.db.kysely.selectFrom('messages').select('msgContent').where('userId', '=', member.userId).execute();
    expect(messages.map((message) => message.msgContent)).toContain(`您为订单${orderNo}支付的¥99.00未能入账（订单已付款，重复付款），已原路退回。`);
  });
});
