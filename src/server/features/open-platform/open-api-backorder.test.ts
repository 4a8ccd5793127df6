import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminBackOrderCalls } from '../../../contract/console/backorder-desk-calls.ts';
import { apiKeyCalls } from '../../../contract/open-api-calls.ts';
import { beijingDateAfterDays } from '../../../contract/time.ts';
import { webhookCalls } from '../../../contract/webhook-calls.ts';
import type { WebhookEventType } from '../../../contract/webhook.ts';
import type { SignedInMember } from '../../testing/use-test-app.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { addToCart } from '../cart/cart.service.ts';
import { loadOrderDetail } from '../order/order.service.ts';
import { insertOrderCatalog, insertPart, placeCartWaitingForAll, saveShanghaiAddress } from '../order/testing/order-fixture.ts';
import { signedInStaff } from '../staff/testing/staff-browser.ts';
import { passWebhooksToLocalReceiver } from '../webhook/testing/webhook-fixture.ts';
import { isSignedBy, WebhookReceiver } from '../webhook/testing/webhook-receiver.ts';
import { expectWebhookDocumented } from './testing/open-api-conformance.ts';
import { openRequest } from './testing/open-platform-fixture.ts';

interface OpenLine {
  partNumber: string;
  quantity: number;
  backorderedQuantity: number;
  expectedDate: string | null;
}
interface OpenOrder {
  orderNo: string;
  backorderedQuantity: number;
  expectedDate: string | null;
  lines: OpenLine[];
  shipments: unknown[];
}
interface BackOrderEvent {
  id: string;
  type: string;
  data: {
    orderNo: string;
    isSandbox: boolean;
    cause: string;
    lines: { productCode: string; customerPartNo: string; expectedDate: string | null; previousExpectedDate: string | null; backorderedQuantity: number }[];
    occurredAt: string;
  };
}

/**
 * Back orders with dates through the open API (issue 28, decision 0031): every order read shows each
 * line's 缺货待发 count and 预计到货, and order.backorder_date_changed reaches the endpoints that
 * subscribe to it when staff move a date and when an arrival fills a line, signed as documented.
 */
describe('/open/v1 back orders: expected dates on order reads and order.backorder_date_changed', () => {
  const t = useTestApp({ fixture: async (app) => ({ catalog: await insertOrderCatalog(app.db) }) });
  const k = () => t.db.kysely;
  const receiver = new WebhookReceiver();
  beforeAll(async () => {
    await receiver.start();
  });
  afterAll(async () => {
    await receiver.close();
  });

  const pass = () => passWebhooksToLocalReceiver(k(), t.clock.now());
  const dataOf = (response: LightMyRequestResponse): unknown => {
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: unknown }>().data;
  };

  /** A part of `stock` units with a factory lead time of 3 weeks, and its code. */
  async function part(stock: number) {
    const id = await insertPart(k(), t.fixture.catalog, { stock, prices: [{ qtyStart: 1, priceE4: 10_000 }] });
    await k().updateTable('products').set({ factoryLeadWeeks: 3 }).where('id', '=', id).execute();
    const { code } = await k().selectFrom('products').select('code').where('id', '=', id).executeTakeFirstOrThrow();
    return { id, code };
  }

  /** The member's site order (等待全部到货) of 4 units of a part that has 1, and 2 of one in stock; its waiting line's id. */
  async function waitingOrder(member: SignedInMember) {
    const short = await part(1);
    const inStock = await part(100);
    await addToCart(k(), member.userId, short.id, 4);
    await addToCart(k(), member.userId, inStock.id, 2);
    const placed = await placeCartWaitingForAll(k(), t.deps.config.orders, member.userId);
    const detail = await loadOrderDetail(k(), member.userId, placed.orderNo);
    const line = detail.lines.find((each) => each.productId === short.id);
    return { orderNo: placed.orderNo, lineId: line?.id ?? 0, expectedDate: line?.expectedDate ?? null, short, inStock };
  }

  async function subscriber(events: WebhookEventType[]) {
    const member = await t.member();
    const created = await member.browser.callOk(webhookCalls.create, { url: receiver.url, events });
    const apiKey = (await member.browser.callOk(apiKeyCalls.create, { name: 'ERP' })).key;
    return { member, secret: created.secret, apiKey };
  }

  const readOrder = async (apiKey: string, orderNo: string) => dataOf(await openRequest(t, 'GET', `/open/v1/orders/${orderNo}`, { apiKey })) as OpenOrder;
  const listedOrder = async (apiKey: string, orderNo: string) =>
    (dataOf(await openRequest(t, 'GET', '/open/v1/orders', { apiKey })) as { items: OpenOrder[] }).items.find((item) => item.orderNo === orderNo);

  it('shows 缺货待发 and 预计到货 per line and per order, moved by staff, emptied by the arrival; subscribers get each change, signed', async () => {
    const erp = await subscriber(['order.backorder_date_changed']);
    const other = await subscriber(['order.paid', 'order.shipped']);
    const order = await waitingOrder(erp.member);
    const otherOrder = await waitingOrder(other.member);
    const placedDate = beijingDateAfterDays(Date.now(), 21);
    expect(order.expectedDate).toBe(placedDate);

    const before = await readOrder(erp.apiKey, order.orderNo);
    expect(before).toMatchObject({ backorderedQuantity: 3, expectedDate: placedDate, shipments: [] });
    expect(before.lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ partNumber: order.short.code, quantity: 4, backorderedQuantity: 3, expectedDate: placedDate }),
        expect.objectContaining({ partNumber: order.inStock.code, quantity: 2, backorderedQuantity: 0, expectedDate: null }),
      ]),
    );
    expect(await listedOrder(erp.apiKey, order.orderNo)).toMatchObject({ backorderedQuantity: 3, expectedDate: placedDate });

    const warehouse = await signedInStaff(t.app, k(), 'warehouse');
    const movedDate = beijingDateAfterDays(Date.now(), 40);
    const move = async (target: typeof order) => {
      const answer = await warehouse.browser.call(adminBackOrderCalls.moveDate, {
        orderNo: target.orderNo,
        lineId: target.lineId,
        expectedDate: movedDate,
        reason: '原厂交期顺延',
        seenDate: placedDate,
      });
      expect(answer, answer.msg).toMatchObject({ code: 1 });
    };
    const receive = async (quantity: number) => {
      const answer = await warehouse.browser.call(adminBackOrderCalls.receiveStock, { orderNo: order.orderNo, lineId: order.lineId, quantity });
      expect(answer, answer.msg).toMatchObject({ code: 1 });
    };
    await move(order);
    await move(otherOrder);
    const sentBefore = receiver.received.length;
    expect(await pass()).toBe(1);
    const [moved] = receiver.received.slice(sentBefore);
    if (!moved) throw new Error('nothing received');
    expect(isSignedBy(erp.secret, moved)).toBe(true);
    expect(isSignedBy(other.secret, moved)).toBe(false);
    expect(moved.headers['x-xinpin-event']).toBe('order.backorder_date_changed');
    const movedBody = JSON.parse(moved.body) as BackOrderEvent;
    expectWebhookDocumented('order.backorder_date_changed', movedBody);
    expect(movedBody).toMatchObject({
      type: 'order.backorder_date_changed',
      data: {
        orderNo: order.orderNo,
        isSandbox: false,
        cause: 'moved',
        lines: [{ productCode: order.short.code, customerPartNo: '', expectedDate: movedDate, previousExpectedDate: placedDate, backorderedQuantity: 3 }],
      },
    });
    expect(movedBody.data.occurredAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?\+08:00$/);
    expect((await erp.member.browser.callOk(webhookCalls.list, {})).deliveries).toEqual([
      expect.objectContaining({ eventId: movedBody.id, eventType: 'order.backorder_date_changed', state: 'succeeded', attempts: 1 }),
    ]);
    expect((await other.member.browser.callOk(webhookCalls.list, {})).deliveries).toEqual([]);
    expect(await readOrder(erp.apiKey, order.orderNo)).toMatchObject({ backorderedQuantity: 3, expectedDate: movedDate });

    // Part of the units arrive: the date stays for the rest, so nothing is sent.
    await receive(2);
    expect(await readOrder(erp.apiKey, order.orderNo)).toMatchObject({ backorderedQuantity: 1, expectedDate: movedDate });
    expect(await pass()).toBe(0);

    // The rest arrive: the line has everything, no date shows, and the subscriber is told.
    await receive(5);
    const after = await readOrder(erp.apiKey, order.orderNo);
    expect(after).toMatchObject({ backorderedQuantity: 0, expectedDate: null });
    expect(after.lines.map((line) => [line.backorderedQuantity, line.expectedDate])).toEqual([
      [0, null],
      [0, null],
    ]);
    expect(await listedOrder(erp.apiKey, order.orderNo)).toMatchObject({ backorderedQuantity: 0, expectedDate: null });
    const arrivedFrom = receiver.received.length;
    expect(await pass()).toBe(1);
    const [arrived] = receiver.received.slice(arrivedFrom);
    if (!arrived) throw new Error('nothing received');
    expect(isSignedBy(erp.secret, arrived)).toBe(true);
    const arrivedBody = JSON.parse(arrived.body) as BackOrderEvent;
    expectWebhookDocumented('order.backorder_date_changed', arrivedBody);
    expect(arrivedBody.data).toMatchObject({
      orderNo: order.orderNo,
      cause: 'arrived',
      lines: [{ productCode: order.short.code, expectedDate: null, previousExpectedDate: movedDate, backorderedQuantity: 0 }],
    });
    expect(arrivedBody.id).not.toBe(movedBody.id);
    expect((await other.member.browser.callOk(webhookCalls.list, {})).deliveries).toEqual([]);
  });

  it('answers a placed order with nothing on back order (a program orders what is in stock)', async () => {
    const erp = await subscriber(['order.backorder_date_changed']);
    await saveShanghaiAddress(erp.member.browser);
    const inStock = await part(50);
    const placed = dataOf(
      await openRequest(t, 'POST', '/open/v1/orders', {
        apiKey: erp.apiKey,
        body: { lines: [{ productId: inStock.id, quantity: 10 }] },
        headers: { 'idempotency-key': 'backorder-placed-1' },
      }),
    ) as { order: OpenOrder };
    expect(placed.order).toMatchObject({ backorderedQuantity: 0, expectedDate: null, lines: [{ backorderedQuantity: 0, expectedDate: null }] });
  });
});
