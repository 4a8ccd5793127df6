import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { apiKeyCalls } from '../../../contract/open-api-calls.ts';
import type { OpenApiFailureBody } from '../../../contract/open-api.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { insertOrderCatalog, insertPart, saveShanghaiAddress } from '../order/testing/order-fixture.ts';
import { priceAll, requestParts } from '../quotation/testing/quotation-fixture.ts';
import { openRequest } from './testing/open-platform-fixture.ts';

interface PlaceAnswer {
  order: { orderNo: string; goodsCents: number; lines: { productId: number; quantity: number; unitPrice: string }[] };
}

const day = 86_400_000;

describe('/open/v1 quotation → order: an answered offer ordered at its quoted prices within its validity', () => {
  const t = useTestApp({ fixture: async (app) => ({ catalog: await insertOrderCatalog(app.db) }) });

  const failureOf = (response: LightMyRequestResponse, status: number): OpenApiFailureBody => {
    expect(response.statusCode, response.body).toBe(status);
    const body = response.json<OpenApiFailureBody>();
    expect(body.msg).toMatch(/[\u4e00-\u9fff]/);
    return body;
  };

  async function quotedMember() {
    const member = await t.member();
    await saveShanghaiAddress(member.browser);
    const live = (await member.browser.callOk(apiKeyCalls.create, { name: 'ERP' })).key;
    const sandbox = (await member.browser.callOk(apiKeyCalls.create, { name: '联调', isSandbox: true })).key;
    // More than in stock: the offer's order holds every quoted unit, the rest waits for stock.
    const part = await insertPart(t.db.kysely, t.fixture.catalog, { stock: 100 });
    const quotationId = await requestParts(member.browser, [{ partNumber: 'QUOTED-PART', quantity: 5000 }]);
    await priceAll(t.db.kysely, quotationId, [{ productId: part, unitPriceE4: 55, quantity: 5000 }]);
    return { member, live, sandbox, part, quotationId };
  }

  const orderQuotation = (apiKey: string, quotationId: number, key: string, body: unknown = {}) =>
    openRequest(t, 'POST', `/open/v1/quotations/${String(quotationId)}/order`, { apiKey, body, headers: { 'idempotency-key': key } });

  it('accepts and orders the offer at the quoted unit price, marks it ordered, and answers a retry the same', async () => {
    const { live, part, quotationId } = await quotedMember();
    const first = await orderQuotation(live, quotationId, 'offer-1', { poNumber: 'PO-Q-1' });
    expect(first.statusCode, first.body).toBe(200);
    const placed = first.json<{ data: PlaceAnswer }>().data;
    expect(placed.order.lines).toEqual([expect.objectContaining({ productId: part, quantity: 5000, unitPrice: '0.0055' })]);
    expect(placed.order.goodsCents).toBe(2750);
    expect((await orderQuotation(live, quotationId, 'offer-1', { poNumber: 'PO-Q-1' })).body).toBe(first.body);

    const read = await openRequest(t, 'GET', `/open/v1/quotations/${String(quotationId)}`, { apiKey: live });
    expect(read.json<{ data: { state: string; orderNo: string } }>().data).toMatchObject({ state: 'ordered', orderNo: placed.order.orderNo });
    // Ordered once: another key (a new request) is refused by the quotation's lifecycle.
    expect(failureOf(await orderQuotation(live, quotationId, 'offer-2'), 409).errorCode).toMatch(/^quotation\./);
  });

  it('refuses an expired offer, a sandbox key, another member and a changed total', async () => {
    const now = Date.now();
    // Past its validity date (the sweep has not yet marked it 已过期): the lifecycle refuses 下单 all the same.
    const expired = await quotedMember();
    await t.db.kysely
      .updateTable('quotations')
      .set({ validUntil: now - day })
      .where('id', '=', expired.quotationId)
      .execute();
    expect(failureOf(await orderQuotation(expired.live, expired.quotationId, 'late-1'), 409).errorCode).toMatch(/^quotation\./);

    const { live, sandbox, quotationId } = await quotedMember();
    expect(failureOf(await orderQuotation(sandbox, quotationId, 'sb-1'), 403).errorCode).toBe('openOrder.sandboxQuotation');
    const other = await t.member();
    const otherKey = (await other.browser.callOk(apiKeyCalls.create, { name: '别人' })).key;
    expect(failureOf(await orderQuotation(otherKey, quotationId, 'other-1'), 404).errorCode).toBe('quotation.notFound');
    expect(failureOf(await orderQuotation(live, quotationId, 'total-1', { expectedPayableCents: 1 }), 409).errorCode).toBe('order.totalChanged');
    expect(failureOf(await openRequest(t, 'POST', `/open/v1/quotations/${String(quotationId)}/order`, { apiKey: live, body: {} }), 400).errorCode).toBe(
      'openOrder.idempotencyKeyMissing',
    );
  });
});
