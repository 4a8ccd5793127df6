import { describe, expect, it } from 'vitest';
import { OrderStatus } from '../../../contract/order.ts';
import type { CashierData, PaymentInstruction } from '../../../contract/payment.ts';
import { paymentCalls, paymentDevCalls } from '../../../contract/payment-calls.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { cancelOrder } from '../order/order.service.ts';
import { attemptOf, eventKindsOf, insertUnpaidOrder, orderOf } from './testing/payment-fixtures.ts';

describe('the cashier calls outside production (bank transfer and 模拟支付, no provider keys)', () => {
  const t = useTestApp();
  const expiryOf = async (orderNo: string) =>
    (await t.db.kysely.selectFrom('orders').select('expiresAt').where('orderNo', '=', orderNo).executeTakeFirstOrThrow()).expiresAt;

  it('offers bank transfer and 模拟支付 for the member’s unpaid order, and nothing for another member’s', async () => {
    const member = await t.member();
    const orderNo = await insertUnpaidOrder(t.db.kysely, member.userId);
    const methods = await member.browser.callOk(paymentCalls.methods, { orderNo });
    expect(methods.map((option) => [option.method, option.label])).toEqual([
      ['bankTransfer', '对公转账'],
      ['development', '模拟支付'],
    ]);
    const stranger = await t.member();
    const envelope = await stranger.browser.call(paymentCalls.methods, { orderNo });
    expect(envelope).toMatchObject({ code: 404, errorCode: 'order.notFound' });
  });

  it('refuses a method without provider keys, and a malformed order number, in Chinese', async () => {
    const member = await t.member();
    const orderNo = await insertUnpaidOrder(t.db.kysely, member.userId);
    expect(await member.browser.call(paymentCalls.create, { orderNo, method: 'alipay' })).toMatchObject({
      code: 400,
      errorCode: 'payment.methodUnavailable',
      msg: '该支付方式暂不可用，请选择其他支付方式',
    });
    expect(await member.browser.call(paymentCalls.create, { orderNo: '12ab', method: 'bankTransfer' })).toMatchObject({ code: 400, msg: '订单号有误' });
    expect(await attemptOf(t.db.kysely, orderNo, 'alipay')).toBeUndefined();
  });

  it('shows the store’s account with the order number as the reference, and the cashier shows it again', async () => {
    const member = await t.member();
    const orderNo = await insertUnpaidOrder(t.db.kysely, member.userId, { payableCents: 88_800 });
    const instruction = await member.browser.callOk(paymentCalls.create, { orderNo, method: 'bankTransfer' });
    expect(instruction).toEqual<PaymentInstruction>({
      kind: 'bank',
      method: 'bankTransfer',
      account: { accountName: '深圳市芯品电子科技有限公司', bankName: '招商银行深圳科技园支行', accountNumber: '7559 2860 2610 901' },
      reference: orderNo,
      amountCents: 88_800,
      payBefore: await expiryOf(orderNo),
    });
    expect(await orderOf(t.db.kysely, orderNo)).toMatchObject({ status: OrderStatus.unpaid });
    const page = await member.browser.get(`/offer/pay/${orderNo}`);
    expect(page.statusCode).toBe(200);
    const { data } = pageStateOf<CashierData>(page.body);
    expect(data).toMatchObject({
      orderNo,
      payableCents: 88_800,
      status: 'unpaid',
      statusLabel: '待付款',
      instruction,
      detailPath: `/user/order/detail/${orderNo}`,
    });
    expect(page.body).toContain('<title>收银台 - 芯品商城</title>');
    expect(page.body).toContain('¥888.00');
    expect(page.body).toContain('7559 2860 2610 901');
  });

  it('pays with 模拟支付 once, however often it is clicked, and the order shows 待发货', async () => {
    const member = await t.member();
    const orderNo = await insertUnpaidOrder(t.db.kysely, member.userId);
    const answers = await Promise.all(Array.from({ length: 8 }, () => member.browser.call(paymentDevCalls.devPay, { orderNo })));
    const paid = answers.filter((answer) => answer.code === 1);
    expect(paid.length).toBeGreaterThanOrEqual(1);
    for (const answer of paid) expect(answer.data).toMatchObject({ status: 'unshipped', statusLabel: '待发货', isPaid: true, isCancelled: false });
    // Clicks that arrive after the payment find nothing left to pay.
    for (const answer of answers.filter((each) => each.code !== 1)) expect(answer).toMatchObject({ errorCode: 'order.notPayable' });
    expect(await orderOf(t.db.kysely, orderNo)).toMatchObject({ status: OrderStatus.unshipped, paymentMethod: 'development', paymentTradeNo: `DEV${orderNo}` });
    expect((await eventKindsOf(t.db.kysely, orderNo)).filter((kind) => kind === 'paid')).toHaveLength(1);
    expect(await attemptOf(t.db.kysely, orderNo, 'development')).toMatchObject({ status: 'paid', paidCents: 12_345 });
    expect(await member.browser.callOk(paymentCalls.status, { orderNo })).toMatchObject({
      status: 'unshipped',
      isPaid: true,
      detailPath: `/user/order/detail/${orderNo}`,
    });
  });

  it('refuses to pay an order past its time; reading it cancels it', async () => {
    const member = await t.member();
    const orderNo = await insertUnpaidOrder(t.db.kysely, member.userId, { expiresAt: Date.now() - 1000 });
    expect(await member.browser.call(paymentDevCalls.devPay, { orderNo })).toMatchObject({ errorCode: 'order.notPayable', msg: '订单当前状态不可支付' });
    expect(await member.browser.call(paymentCalls.create, { orderNo, method: 'bankTransfer' })).toMatchObject({ errorCode: 'order.notPayable' });
    expect(await member.browser.callOk(paymentCalls.status, { orderNo })).toMatchObject({ status: 'cancelled', isPaid: false, isCancelled: true });
    expect(await orderOf(t.db.kysely, orderNo)).toMatchObject({ status: OrderStatus.cancelled, paidAt: null });
  });

  it('ends each order of a pay-and-cancel race in exactly one state', async () => {
    const member = await t.member();
    const orderNos = await Promise.all(Array.from({ length: 12 }, () => insertUnpaidOrder(t.db.kysely, member.userId)));
    await Promise.all(
      orderNos.flatMap((orderNo) => [
        member.browser.call(paymentDevCalls.devPay, { orderNo }),
        cancelOrder(t.db.kysely, member.userId, orderNo).catch(() => null),
      ]),
    );
    for (const orderNo of orderNos) {
      const order = await orderOf(t.db.kysely, orderNo);
      const kinds = await eventKindsOf(t.db.kysely, orderNo);
      expect([OrderStatus.unshipped, OrderStatus.cancelled]).toContain(order.status);
      expect(kinds.filter((kind) => kind === 'paid' || kind === 'cancelled')).toHaveLength(1);
      const attempt = await attemptOf(t.db.kysely, orderNo, 'development');
      if (order.status === OrderStatus.cancelled) {
        expect(order.paidAt).toBeNull();
        expect(attempt?.status).not.toBe('paid');
      } else {
        expect(attempt?.status).toBe('paid');
      }
    }
  });

  it('renders the cashier only to the order’s owner, and a paid order as paid with the way to its detail', async () => {
    const member = await t.member();
    const orderNo = await insertUnpaidOrder(t.db.kysely, member.userId);
    expect((await t.browser().get(`/offer/pay/${orderNo}`)).headers.location).toBe(`/account/login?return=%2Foffer%2Fpay%2F${orderNo}`);
    const stranger = await t.member();
    expect((await stranger.browser.get(`/offer/pay/${orderNo}`)).statusCode).toBe(404);
    expect((await member.browser.get('/offer/pay/not-an-order')).statusCode).toBe(404);
    const unpaid = pageStateOf<CashierData>((await member.browser.get(`/offer/pay/${orderNo}`)).body).data;
    expect(unpaid.methods.map((option) => option.method)).toEqual(['bankTransfer', 'development']);
    expect(unpaid.expiresAt).toBeGreaterThan(Date.now());
    await member.browser.callOk(paymentDevCalls.devPay, { orderNo });
    const page = await member.browser.get(`/offer/pay/${orderNo}`);
    const { data } = pageStateOf<CashierData>(page.body);
    expect(data).toMatchObject({ status: 'unshipped', expiresAt: null, methods: [], instruction: null });
    expect(page.body).toContain('订单已支付（待发货）');
    expect(page.body).toContain(`href="/user/order/detail/${orderNo}"`);
  });

  it('has no notification paths without provider keys: a post there is refused like any post without the token', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/pay/notify/alipay',
      payload: 'a=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.json()).toMatchObject({ code: 403, errorCode: 'request.forged' });
    expect(await t.db.kysely.selectFrom('paymentNotifications').selectAll().execute()).toEqual([]);
  });
});

describe('the cashier in production without provider keys', () => {
  const t = useTestApp({ app: { env: { NODE_ENV: 'production' } } });

  it('offers bank transfer only, and 模拟支付 is an unknown call', async () => {
    const member = await t.member();
    const orderNo = await insertUnpaidOrder(t.db.kysely, member.userId);
    expect((await member.browser.callOk(paymentCalls.methods, { orderNo })).map((option) => option.method)).toEqual(['bankTransfer']);
    expect(await member.browser.call(paymentDevCalls.devPay, { orderNo })).toMatchObject({ code: 404, errorCode: 'request.unknownCall' });
    expect(await member.browser.call(paymentCalls.create, { orderNo, method: 'development' })).toMatchObject({ errorCode: 'payment.methodUnavailable' });
    expect(await orderOf(t.db.kysely, orderNo)).toMatchObject({ status: OrderStatus.unpaid });
  });
});

describe('the cashier in production with PAYMENT_DEV_ENABLED=true (a demo store)', () => {
  const t = useTestApp({ app: { env: { NODE_ENV: 'production', PAYMENT_DEV_ENABLED: 'true' } } });

  it('offers 模拟支付 beside bank transfer, and it pays', async () => {
    const member = await t.member();
    const orderNo = await insertUnpaidOrder(t.db.kysely, member.userId);
    expect((await member.browser.callOk(paymentCalls.methods, { orderNo })).map((option) => option.method)).toEqual(['bankTransfer', 'development']);
    expect(await member.browser.callOk(paymentDevCalls.devPay, { orderNo })).toMatchObject({ isPaid: true });
  });
});
