import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { adminOrderCalls } from '../../../contract/console/orders-calls.ts';
import { apiKeyCalls } from '../../../contract/open-api-calls.ts';
import type { OpenApiFailureBody } from '../../../contract/open-api.ts';
import { orderCalls } from '../../../contract/order-calls.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { expireOverdueOrders, loadOrderStatistics, markOrderPaid } from '../order/order.service.ts';
import { shipParcel } from '../order/order-shipment.service.ts';
import { insertOrderCatalog, insertPart, saveShanghaiAddress, stockOf } from '../order/testing/order-fixture.ts';
import { signedInStaff } from '../staff/testing/staff-browser.ts';
import { openRequest } from './testing/open-platform-fixture.ts';

interface PlaceAnswer {
  order: { orderNo: string; state: string; isSandbox: boolean; payableCents: number; lines: { productId: number; customerPartNo: string; quantity: number }[] };
  howToPay: { cashierUrl: string; bankTransfer: { reference: string } | null; sandboxPayPath: string | null };
}

describe('/open/v1 orders: reading, placing with an Idempotency-Key, sandbox keys', () => {
  const t = useTestApp({ fixture: async (app) => ({ catalog: await insertOrderCatalog(app.db) }) });

  const dataOf = (response: LightMyRequestResponse): unknown => {
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: unknown }>().data;
  };
  const failureOf = (response: LightMyRequestResponse, status: number): OpenApiFailureBody => {
    expect(response.statusCode, response.body).toBe(status);
    const body = response.json<OpenApiFailureBody>();
    expect(body).toMatchObject({ code: status, data: null });
    expect(body.msg).toMatch(/[\u4e00-\u9fff]/);
    return body;
  };

  /** A member with an address and a live and a sandbox key. */
  async function integrator() {
    const member = await t.member();
    const addressId = await saveShanghaiAddress(member.browser);
    const live = (await member.browser.callOk(apiKeyCalls.create, { name: 'ERP' })).key;
    const sandbox = (await member.browser.callOk(apiKeyCalls.create, { name: '测试', isSandbox: true })).key;
    return { member, addressId, live, sandbox };
  }

  const place = (apiKey: string, key: string, body: unknown) =>
    openRequest(t, 'POST', '/open/v1/orders', { apiKey, body, headers: { 'idempotency-key': key } });

  it('places an order by part number and product id with 客户料号 and 采购订单号, and answers it with how to pay', async () => {
    const partA = await insertPart(t.db.kysely, t.fixture.catalog);
    const partB = await insertPart(t.db.kysely, t.fixture.catalog, { packSize: 10 });
    const codeA = (await t.db.kysely.selectFrom('products').select('code').where('id', '=', partA).executeTakeFirstOrThrow()).code;
    const { member, live } = await integrator();
    const answer = dataOf(
      await place(live, 'erp-0001', {
        lines: [
          { partNumber: codeA.toLowerCase(), quantity: 1500, customerPartNo: 'R-10K' },
          { productId: partB, quantity: 20 },
        ],
        poNumber: 'PO-2026-001',
      }),
    ) as PlaceAnswer;
    expect(answer.order).toMatchObject({ state: 'unpaid', isSandbox: false });
    expect(answer.order.lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ productId: partA, customerPartNo: 'R-10K', quantity: 1500 }),
        expect.objectContaining({ productId: partB, quantity: 20 }),
      ]),
    );
    expect(answer.howToPay.cashierUrl).toMatch(new RegExp(`/offer/pay/${answer.order.orderNo}$`));
    expect(answer.howToPay.bankTransfer?.reference).toBe(answer.order.orderNo);
    expect(answer.howToPay.sandboxPayPath).toBeNull();
    expect(await stockOf(t.db.kysely, partA)).toBe(8500);
    // The site's own order: in 我的订单, with its 采购订单号; the cart was not touched.
    const listed = await member.browser.callOk(orderCalls.list, {});
    expect(listed.orders.map((order) => [order.orderNo, order.poNumber])).toEqual([[answer.order.orderNo, 'PO-2026-001']]);

    const detail = dataOf(await openRequest(t, 'GET', `/open/v1/orders/${answer.order.orderNo}`, { apiKey: live })) as {
      orderNo: string;
      poNumber: string;
      goodsCents: number;
      payableCents: number;
    };
    expect(detail).toMatchObject({ orderNo: answer.order.orderNo, poNumber: 'PO-2026-001', goodsCents: 1200 + 20, payableCents: answer.order.payableCents });
  });

  it('answers the same request under one Idempotency-Key with the same stored answer, and refuses the key with another body', async () => {
    const part = await insertPart(t.db.kysely, t.fixture.catalog);
    const { member, live } = await integrator();
    const body = { lines: [{ productId: part, quantity: 100 }] };
    const first = await place(live, 'same-key', body);
    const again = await place(live, 'same-key', body);
    expect(again.body).toBe(first.body);
    // Paid meanwhile: the repeated request still gets the first answer, and places nothing.
    const orderNo = (dataOf(first) as PlaceAnswer).order.orderNo;
    await markOrderPaid(t.db.kysely, {
      orderNo,
      amountCents: (dataOf(first) as PlaceAnswer).order.payableCents,
      method: 'alipay',
      tradeNo: 'T1',
      paidAt: Date.now(),
    });
    expect((await place(live, 'same-key', body)).body).toBe(first.body);
    const other = failureOf(await place(live, 'same-key', { lines: [{ productId: part, quantity: 200 }] }), 409);
    expect(other.errorCode).toBe('openOrder.idempotencyKeyReused');
    const orders = await t.db.kysely.selectFrom('orders').select('id').where('userId', '=', member.userId).execute();
    expect(orders).toHaveLength(1);
    expect(await stockOf(t.db.kysely, part)).toBe(9900);
  });

  it('places one order when requests with one Idempotency-Key race, and several with different keys', async () => {
    const part = await insertPart(t.db.kysely, t.fixture.catalog, { stock: 1000 });
    const { member, live } = await integrator();
    const body = { lines: [{ productId: part, quantity: 10 }] };
    const answers = await Promise.all(Array.from({ length: 8 }, () => place(live, 'race-key', body)));
    const orderNos = new Set(answers.map((answer) => (dataOf(answer) as PlaceAnswer).order.orderNo));
    expect(orderNos.size).toBe(1);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    const orders = await t.db.kysely.selectFrom('orders').select('id').where('userId', '=', member.userId).execute();
    expect(orders).toHaveLength(1);
    expect(await stockOf(t.db.kysely, part)).toBe(990);
    const distinct = await Promise.all(Array.from({ length: 4 }, (_, i) => place(live, `key-${String(i)}`, body)));
    expect(distinct.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(await stockOf(t.db.kysely, part)).toBe(950);
  });

  it('keeps a key 24 hours: past them the same key places a new order', async () => {
    const part = await insertPart(t.db.kysely, t.fixture.catalog);
    const { member, live } = await integrator();
    const body = { lines: [{ productId: part, quantity: 10 }] };
    const first = dataOf(await place(live, 'daily-key', body)) as PlaceAnswer;
    await t.db.kysely
      .updateTable('apiIdempotencyKeys')
      .set({ expiresAt: Date.now() - 1 })
      .where('userId', '=', member.userId)
      .execute();
    const second = dataOf(await place(live, 'daily-key', body)) as PlaceAnswer;
    expect(second.order.orderNo).not.toBe(first.order.orderNo);
  });

  it('refuses out of stock, below the minimum, not whole packs, unknown parts and bad input with the envelope in Chinese', async () => {
    const part = await insertPart(t.db.kysely, t.fixture.catalog, { stock: 50, packSize: 10, prices: [{ qtyStart: 20, priceE4: 100 }] });
    const { live } = await integrator();
    const cases: [unknown, number, string][] = [
      [{ lines: [{ productId: part, quantity: 60 }] }, 409, 'order.outOfStock'],
      [{ lines: [{ productId: part, quantity: 10 }] }, 400, 'order.belowMinimum'],
      [{ lines: [{ productId: part, quantity: 25 }] }, 400, 'order.notPackMultiple'],
      [{ lines: [{ partNumber: 'NO-SUCH-PART-XYZ', quantity: 10 }] }, 400, 'openOrder.partNotFound'],
      [{ lines: [{ productId: 999_999, quantity: 10 }] }, 400, 'order.lineNotSold'],
      [
        {
          lines: [
            { productId: part, quantity: 20 },
            { productId: part, quantity: 20 },
          ],
        },
        400,
        'openOrder.duplicateLine',
      ],
      [{ lines: [{ productId: part, quantity: 20, partNumber: 'X' }] }, 400, 'openApi.invalid'],
      [{ lines: [] }, 400, 'openApi.invalid'],
      [{ lines: [{ productId: part, quantity: 1.5 }] }, 400, 'openApi.invalid'],
      [{ lines: [{ productId: part, quantity: 20 }], addressId: 999_999 }, 404, 'order.addressNotFound'],
      [{ lines: [{ productId: part, quantity: 20 }], carrierCode: 'ups' }, 400, 'openApi.invalid'],
      [{ lines: [{ productId: part, quantity: 20 }], expectedPayableCents: 1 }, 409, 'order.totalChanged'],
      ['{"lines": [', 400, 'openApi.malformed'],
    ];
    for (const [index, [body, status, errorCode]] of cases.entries()) {
      expect(failureOf(await place(live, `bad-${String(index)}`, body), status).errorCode, JSON.stringify(body)).toBe(errorCode);
    }
    expect(
      failureOf(await openRequest(t, 'POST', '/open/v1/orders', { apiKey: live, body: { lines: [{ productId: part, quantity: 20 }] } }), 400).errorCode,
    ).toBe('openOrder.idempotencyKeyMissing');
    expect(await stockOf(t.db.kysely, part)).toBe(50);
  });

  it("lists the key's orders by state, date and 采购订单号, a page past the end empty; another member's order is not found", async () => {
    const part = await insertPart(t.db.kysely, t.fixture.catalog);
    const { live } = await integrator();
    for (const [index, poNumber] of ['PO-A', 'PO-B', 'PO-A'].entries())
      await place(live, `list-${String(index)}`, { lines: [{ productId: part, quantity: 10 }], poNumber });
    const all = dataOf(await openRequest(t, 'GET', '/open/v1/orders', { apiKey: live })) as {
      total: number;
      items: { orderNo: string; poNumber: string }[];
      hasMore: boolean;
    };
    expect(all.total).toBe(3);
    expect(all.hasMore).toBe(false);
    const byPo = dataOf(await openRequest(t, 'GET', '/open/v1/orders?poNumber=PO-A&state=unpaid', { apiKey: live })) as { total: number };
    expect(byPo.total).toBe(2);
    expect((dataOf(await openRequest(t, 'GET', '/open/v1/orders?state=cancelled', { apiKey: live })) as { total: number }).total).toBe(0);
    expect((dataOf(await openRequest(t, 'GET', '/open/v1/orders?from=2000-01-01&to=2000-01-02', { apiKey: live })) as { total: number }).total).toBe(0);
    const past = dataOf(await openRequest(t, 'GET', '/open/v1/orders?page=9', { apiKey: live })) as { total: number; items: unknown[] };
    expect(past).toMatchObject({ total: 3, items: [] });
    expect(failureOf(await openRequest(t, 'GET', '/open/v1/orders?page=0', { apiKey: live }), 400).field).toBe('page');
    expect(failureOf(await openRequest(t, 'GET', '/open/v1/orders?state=lost', { apiKey: live }), 400).errorCode).toBe('openApi.invalid');
    expect(failureOf(await openRequest(t, 'GET', '/open/v1/orders?from=2026/1/1', { apiKey: live }), 400).msg).toBe('日期格式须为 YYYY-MM-DD');

    const other = await integrator();
    const orderNo = all.items[0]?.orderNo ?? '';
    expect(failureOf(await openRequest(t, 'GET', `/open/v1/orders/${orderNo}`, { apiKey: other.live }), 404).errorCode).toBe('order.notFound');
    expect(failureOf(await openRequest(t, 'GET', '/open/v1/orders/123', { apiKey: live }), 400).msg).toBe('订单号有误');
    expect((dataOf(await openRequest(t, 'GET', '/open/v1/orders', { apiKey: other.live })) as { total: number }).total).toBe(0);
  });

  it('tracks an order: payment state, and parcels with carrier and tracking number', async () => {
    const part = await insertPart(t.db.kysely, t.fixture.catalog);
    const { live } = await integrator();
    const placed = dataOf(
      await place(live, 'track-1', { lines: [{ productId: part, quantity: 100, customerPartNo: 'CP-1' }], carrierCode: 'sf' }),
    ) as PlaceAnswer;
    const orderNo = placed.order.orderNo;
    await markOrderPaid(t.db.kysely, { orderNo, amountCents: placed.order.payableCents, method: 'alipay', tradeNo: 'T-TRACK', paidAt: Date.now() });
    await shipParcel(t.db.kysely, { orderNo, carrierCode: 'sf', trackingNo: 'SF1234567890' });
    const detail = dataOf(await openRequest(t, 'GET', `/open/v1/orders/${orderNo}`, { apiKey: live })) as {
      state: string;
      payment: { state: string; method: string };
      shipments: unknown[];
      lines: { shippedQuantity: number }[];
    };
    expect(detail).toMatchObject({ state: 'shipped', payment: { state: 'paid', method: 'alipay' }, lines: [{ shippedQuantity: 100 }] });
    expect(detail.shipments).toMatchObject([
      { carrierCode: 'sf', carrierName: '顺丰速运', trackingNo: 'SF1234567890', lines: [{ productId: part, quantity: 100 }] },
    ]);
  });

  it('keeps sandbox orders apart: no stock taken, hidden from the site, the desk and live keys, paid by 模拟支付', async () => {
    const part = await insertPart(t.db.kysely, t.fixture.catalog, { stock: 100 });
    const { member, live, sandbox } = await integrator();
    expect(sandbox).toMatch(/^xp_test_\d+_[A-Za-z0-9_-]{43}$/);
    const placed = dataOf(await place(sandbox, 'sandbox-1', { lines: [{ productId: part, quantity: 100 }] })) as PlaceAnswer;
    expect(placed.order.isSandbox).toBe(true);
    expect(placed.howToPay).toMatchObject({ bankTransfer: null, sandboxPayPath: `/open/v1/orders/${placed.order.orderNo}/sandbox-pay` });
    expect(await stockOf(t.db.kysely, part)).toBe(100);
    const lines = await t.db.kysely
      .selectFrom('orderLines')
      .innerJoin('orders', 'orders.id', 'orderLines.orderId')
      .select('reservedQuantity')
      .where('orders.orderNo', '=', placed.order.orderNo)
      .execute();
    expect(lines).toEqual([{ reservedQuantity: 0 }]);
    // Still refused beyond the stock there is.
    expect(failureOf(await place(sandbox, 'sandbox-2', { lines: [{ productId: part, quantity: 110 }] }), 409).errorCode).toBe('order.outOfStock');

    expect((dataOf(await openRequest(t, 'GET', '/open/v1/orders', { apiKey: live })) as { total: number }).total).toBe(0);
    expect(failureOf(await openRequest(t, 'GET', `/open/v1/orders/${placed.order.orderNo}`, { apiKey: live }), 404).errorCode).toBe('order.notFound');
    expect((await member.browser.callOk(orderCalls.list, {})).total).toBe(0);
    expect((await member.browser.call(orderCalls.detail, { orderNo: placed.order.orderNo })).errorCode).toBe('order.notFound');
    expect((await member.browser.get(`/offer/pay/${placed.order.orderNo}`)).statusCode).toBe(404);
    // The same Idempotency-Key under the live key is another key: it places a live order.
    expect((dataOf(await place(live, 'sandbox-1', { lines: [{ productId: part, quantity: 100 }] })) as PlaceAnswer).order.isSandbox).toBe(false);

    expect(failureOf(await openRequest(t, 'POST', `/open/v1/orders/${placed.order.orderNo}/sandbox-pay`, { apiKey: live }), 404).errorCode).toBe(
      'openOrder.notSandboxOrder',
    );
    const paid = dataOf(await openRequest(t, 'POST', `/open/v1/orders/${placed.order.orderNo}/sandbox-pay`, { apiKey: sandbox })) as {
      order: { state: string; payment: { state: string; method: string } };
    };
    expect(paid.order).toMatchObject({ state: 'unshipped', payment: { state: 'paid', method: 'development' } });
    expect(failureOf(await openRequest(t, 'POST', `/open/v1/orders/${placed.order.orderNo}/sandbox-pay`, { apiKey: sandbox }), 409).errorCode).toBe(
      'order.notPayable',
    );
    const listed = dataOf(await openRequest(t, 'GET', '/open/v1/orders', { apiKey: sandbox })) as { items: { orderNo: string; isSandbox: boolean }[] };
    expect(listed.items).toEqual([expect.objectContaining({ orderNo: placed.order.orderNo, isSandbox: true })]);
    const messages = await t.db.kysely.selectFrom('messages').select('msgContent').where('userId', '=', member.userId).execute();
    expect(messages.map((message) => message.msgContent).join('')).not.toContain(placed.order.orderNo);
  });

  it('expires an unpaid sandbox order giving back no stock, and never counts a paid one as a deal', async () => {
    const part = await insertPart(t.db.kysely, t.fixture.catalog, { stock: 300 });
    const { sandbox } = await integrator();
    const lapsing = (dataOf(await place(sandbox, 'lapse-1', { lines: [{ productId: part, quantity: 100 }] })) as PlaceAnswer).order.orderNo;
    const paidNo = (dataOf(await place(sandbox, 'deal-1', { lines: [{ productId: part, quantity: 7 }] })) as PlaceAnswer).order.orderNo;
    const before = await loadOrderStatistics(t.db.kysely, 50);
    await openRequest(t, 'POST', `/open/v1/orders/${paidNo}/sandbox-pay`, { apiKey: sandbox });
    // 实时成交 shows the latest deals: a paid sandbox order is none of them.
    expect(await loadOrderStatistics(t.db.kysely, 50)).toEqual(before);
    // The staff's order desk never sees it, paid or not: nothing to ship.
    const staff = await signedInStaff(t.app, t.db.kysely, 'warehouse');
    for (const orderNo of [paidNo, lapsing]) expect((await staff.browser.call(adminOrderCalls.list, { filters: { orderNo } })).data?.total).toBe(0);
    const lapsed = await t.db.kysely.selectFrom('orders').select('id').where('orderNo', '=', lapsing).executeTakeFirstOrThrow();
    expect(await expireOverdueOrders(t.db.kysely, Date.now() + 31 * 60_000, { orderIds: [lapsed.id] })).toBe(1);
    const detail = dataOf(await openRequest(t, 'GET', `/open/v1/orders/${lapsing}`, { apiKey: sandbox })) as { state: string; payment: { state: string } };
    expect(detail).toMatchObject({ state: 'cancelled', payment: { state: 'cancelled' } });
    expect(await stockOf(t.db.kysely, part)).toBe(300);
  });
});
