import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { apiKeyCalls } from '../../../contract/open-api-calls.ts';
import type { OpenApiFailureBody } from '../../../contract/open-api.ts';
import { cartCalls } from '../../../contract/cart-calls.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { insertOrderCatalog, insertPart, saveShanghaiAddress, stockOf } from '../order/testing/order-fixture.ts';
import { openRequest } from './testing/open-platform-fixture.ts';

interface CartAnswer {
  lines: {
    product: { productId: number; partNumber: string; stock: number };
    quantity: number;
    customerPartNo: string;
    unitPrice: string | null;
    amountCents: number;
    leadTimeDays: number | null;
    isOrderable: boolean;
    problem: string;
  }[];
  lineCount: number;
  goodsCents: number;
  currency: string;
  isOrderable: boolean;
}

interface PlaceAnswer {
  order: { orderNo: string; isSandbox: boolean; goodsCents: number; lines: { productId: number; quantity: number; customerPartNo: string }[] };
}

describe('/open/v1 cart: an API key of its own, priced by the tiers, ordered with an Idempotency-Key', () => {
  const t = useTestApp({ fixture: async (app) => ({ catalog: await insertOrderCatalog(app.db) }) });

  function dataOf<T>(response: LightMyRequestResponse, _shape?: T): T {
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: T }>().data;
  }
  const failureOf = (response: LightMyRequestResponse, status: number): OpenApiFailureBody => {
    expect(response.statusCode, response.body).toBe(status);
    const body = response.json<OpenApiFailureBody>();
    expect(body).toMatchObject({ code: status, data: null });
    expect(body.msg).toMatch(/[\u4e00-\u9fff]/);
    return body;
  };

  async function integrator() {
    const member = await t.member();
    await saveShanghaiAddress(member.browser);
    const live = (await member.browser.callOk(apiKeyCalls.create, { name: 'ERP' })).key;
    const other = (await member.browser.callOk(apiKeyCalls.create, { name: 'MES' })).key;
    const sandbox = (await member.browser.callOk(apiKeyCalls.create, { name: '联调', isSandbox: true })).key;
    return { member, live, other, sandbox };
  }

  const putLines = (apiKey: string, lines: unknown[]) => openRequest(t, 'PUT', '/open/v1/cart/lines', { apiKey, body: { lines } });
  const getCart = (apiKey: string) => openRequest(t, 'GET', '/open/v1/cart', { apiKey });
  const orderCart = (apiKey: string, key: string, body: unknown = {}) =>
    openRequest(t, 'POST', '/open/v1/cart/order', { apiKey, body, headers: { 'idempotency-key': key } });

  it('sets lines by part number and product id, prices them at their tier, replaces a quantity, deletes one and clears it', async () => {
    const partA = await insertPart(t.db.kysely, t.fixture.catalog);
    const partB = await insertPart(t.db.kysely, t.fixture.catalog, { stock: 30, packSize: 10 });
    const codeA = (await t.db.kysely.selectFrom('products').select('code').where('id', '=', partA).executeTakeFirstOrThrow()).code;
    const { member, live, other, sandbox } = await integrator();
    expect(dataOf<CartAnswer>(await getCart(live))).toMatchObject({ lines: [], lineCount: 0, goodsCents: 0, isOrderable: false });

    const cart = dataOf<CartAnswer>(
      await putLines(live, [
        { partNumber: codeA.toLowerCase(), quantity: 1500, customerPartNo: 'R-10K' },
        { productId: partB, quantity: 40 },
      ]),
    );
    expect(cart.lines.map((line) => [line.product.productId, line.quantity, line.customerPartNo, line.unitPrice, line.amountCents])).toEqual([
      [partA, 1500, 'R-10K', '0.008', 1200],
      [partB, 40, '', '0.01', 40],
    ]);
    // 40 of 30 in stock: no lead time, not orderable, said why; the cart as a whole is not orderable either.
    expect(cart.lines[1]).toMatchObject({ leadTimeDays: null, isOrderable: false });
    expect(cart.lines[1]?.problem).toContain('库存不足');
    expect(cart.lines[0]).toMatchObject({ leadTimeDays: 1, isOrderable: true, problem: '' });
    expect(cart).toMatchObject({ lineCount: 2, goodsCents: 1240, currency: 'CNY', isOrderable: false });

    const replaced = dataOf<CartAnswer>(await putLines(live, [{ productId: partB, quantity: 20, customerPartNo: 'C-1' }]));
    expect(replaced.lines.map((line) => [line.product.productId, line.quantity, line.customerPartNo])).toEqual([
      [partA, 1500, 'R-10K'],
      [partB, 20, 'C-1'],
    ]);
    expect(replaced.isOrderable).toBe(true);

    // Each key has its own cart, and the member's cart at the site is untouched.
    expect(dataOf<CartAnswer>(await getCart(other)).lineCount).toBe(0);
    expect(dataOf<CartAnswer>(await getCart(sandbox)).lineCount).toBe(0);
    expect((await member.browser.callOk(cartCalls.queryList, {})).lineCount).toBe(0);

    const afterDelete = dataOf<CartAnswer>(await openRequest(t, 'DELETE', `/open/v1/cart/lines/${String(partA)}`, { apiKey: live }));
    expect(afterDelete.lines.map((line) => line.product.productId)).toEqual([partB]);
    expect(failureOf(await openRequest(t, 'DELETE', `/open/v1/cart/lines/${String(partA)}`, { apiKey: live }), 404).errorCode).toBe(
      'openOrder.cartLineNotFound',
    );
    expect(dataOf<CartAnswer>(await openRequest(t, 'DELETE', '/open/v1/cart', { apiKey: live })).lineCount).toBe(0);
  });

  it('refuses unknown parts, bad quantities and a cart past 200 products, writing nothing', async () => {
    const part = await insertPart(t.db.kysely, t.fixture.catalog);
    const { live } = await integrator();
    expect(failureOf(await putLines(live, [{ productId: 999_999, quantity: 1 }]), 404)).toMatchObject({
      errorCode: 'openApi.notFound',
      field: 'lines.0.productId',
    });
    expect(failureOf(await putLines(live, [{ partNumber: 'NO-SUCH-PART-XYZ', quantity: 1 }]), 400).errorCode).toBe('openOrder.partNotFound');
    expect(failureOf(await putLines(live, [{ productId: part, quantity: 0 }]), 400).errorCode).toBe('openApi.invalid');
    expect(failureOf(await putLines(live, []), 400).msg).toBe('请至少提供1行商品');
    expect(failureOf(await openRequest(t, 'DELETE', '/open/v1/cart/lines/abc', { apiKey: live }), 400).msg).toBe('商品ID须为正整数');
    expect(failureOf(await openRequest(t, 'PATCH', '/open/v1/cart', { apiKey: live }), 405).msg).toContain('GET');

    const parts = await Promise.all(Array.from({ length: 200 }, () => insertPart(t.db.kysely, t.fixture.catalog)));
    expect(dataOf<CartAnswer>(await putLines(live, [{ productId: part, quantity: 1 }])).lineCount).toBe(1);
    const tooMany = failureOf(
      await putLines(
        live,
        parts.map((productId) => ({ productId, quantity: 1 })),
      ),
      400,
    );
    expect(tooMany.errorCode).toBe('openOrder.cartFull');
    expect(dataOf<CartAnswer>(await getCart(live)).lineCount).toBe(1);
  });

  it('orders the whole cart once under one Idempotency-Key, empties it, and answers a retry with the first answer', async () => {
    const partA = await insertPart(t.db.kysely, t.fixture.catalog);
    const partB = await insertPart(t.db.kysely, t.fixture.catalog, { packSize: 10 });
    const { member, live, sandbox } = await integrator();
    await putLines(live, [
      { productId: partA, quantity: 1500, customerPartNo: 'R-10K' },
      { productId: partB, quantity: 20 },
    ]);
    expect(failureOf(await openRequest(t, 'POST', '/open/v1/cart/order', { apiKey: live, body: {} }), 400).errorCode).toBe('openOrder.idempotencyKeyMissing');
    const answers = await Promise.all(Array.from({ length: 4 }, () => orderCart(live, 'cart-1', { poNumber: 'PO-CART-1' })));
    const [firstAnswer] = answers;
    if (!firstAnswer) throw new Error('no answer');
    const placed = dataOf<PlaceAnswer>(firstAnswer);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(placed.order).toMatchObject({ isSandbox: false, goodsCents: 1220 });
    expect(placed.order.lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ productId: partA, quantity: 1500, customerPartNo: 'R-10K' }),
        expect.objectContaining({ productId: partB, quantity: 20 }),
      ]),
    );
    expect(await t.db.kysely.selectFrom('orders').select('id').where('userId', '=', member.userId).execute()).toHaveLength(1);
    expect(await stockOf(t.db.kysely, partA)).toBe(8500);
    expect(dataOf<CartAnswer>(await getCart(live)).lineCount).toBe(0);
    expect((await orderCart(live, 'cart-1', { poNumber: 'PO-CART-1' })).body).toBe(answers[0]?.body);
    expect(failureOf(await orderCart(live, 'cart-1', { poNumber: 'PO-OTHER' }), 409).errorCode).toBe('openOrder.idempotencyKeyReused');
    expect(failureOf(await orderCart(live, 'cart-2'), 409).errorCode).toBe('openOrder.cartEmpty');

    // A sandbox key's cart orders a sandbox order and takes no stock.
    await putLines(sandbox, [{ productId: partA, quantity: 100 }]);
    expect(dataOf<PlaceAnswer>(await orderCart(sandbox, 'cart-1')).order.isSandbox).toBe(true);
    expect(await stockOf(t.db.kysely, partA)).toBe(8500);
  });

  it('leaves the cart as it was when its order is refused', async () => {
    const part = await insertPart(t.db.kysely, t.fixture.catalog, { stock: 50 });
    const { live } = await integrator();
    await putLines(live, [{ productId: part, quantity: 60 }]);
    expect(failureOf(await orderCart(live, 'short-1'), 409).errorCode).toBe('order.outOfStock');
    expect(dataOf<CartAnswer>(await getCart(live)).lines.map((line) => line.quantity)).toEqual([60]);
    await putLines(live, [{ productId: part, quantity: 50 }]);
    expect(dataOf<PlaceAnswer>(await orderCart(live, 'short-1')).order.lines.map((line) => line.quantity)).toEqual([50]);
  });
});
