import { describe, expect, it } from 'vitest';
import type { SettlementData } from '../../../contract/order.ts';
import { quotationCalls } from '../../../contract/quotation-calls.ts';
import { insertOrderCatalog, insertPart } from '../order/testing/order-fixture.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import type { QuotationPageData } from '../../../web/pages/quotation-page.tsx';
import { priceAll, requestParts } from './testing/quotation-fixture.ts';

describe('quotation pages', () => {
  const t = useTestApp({ fixture: async (app) => ({ catalog: await insertOrderCatalog(app.db) }) });

  it('renders /user/quotation for members with tabs and offers; visitors go to login and back', async () => {
    const visitor = await t.browser().get('/user/quotation');
    expect(visitor.statusCode).toBe(302);
    expect(visitor.headers.location).toContain('/login');

    const member = await t.member();
    const empty = await member.browser.get('/user/quotation');
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toContain('<title>我的询价 - 芯品商城</title>');
    expect(empty.body).toContain('您还没有提交过询价');
    expect(empty.body).toContain('href="/bom"');

    const part = await insertPart(t.db.kysely, t.fixture.catalog, { code: 'QUOTE-PAGE-1' });
    const quotationId = await requestParts(member.browser, [{ partNumber: 'QUOTE-PAGE-1', quantity: 100 }]);
    await priceAll(t.db.kysely, quotationId, [{ productId: part, unitPriceE4: 123, quantity: 100 }]);
    const page = await member.browser.get('/user/quotation?status=quoted');
    const state = pageStateOf<QuotationPageData>(page.body).data;
    expect(state.list).toMatchObject({ status: 'quoted', total: 1 });
    expect(state.notice).toBe('');
    expect(page.body).toContain('¥1.23');
    expect(page.body).toContain('接受报价');
  });

  it('opens /offer/settlement?quotationId=N at the quoted prices once accepted, and sends the member back with the reason otherwise', async () => {
    const member = await t.member();
    const part = await insertPart(t.db.kysely, t.fixture.catalog);
    const quotationId = await requestParts(member.browser, [{ partNumber: 'QUOTE-PAGE-2', quantity: 300 }]);
    await priceAll(t.db.kysely, quotationId, [{ productId: part, unitPriceE4: 55, quantity: 300 }]);

    const notAccepted = await member.browser.get(`/offer/settlement?quotationId=${String(quotationId)}`);
    expect(notAccepted.statusCode).toBe(302);
    expect(notAccepted.headers.location).toBe('/user/quotation?problem=quotation.notAccepted');
    const back = await member.browser.get('/user/quotation?problem=quotation.notAccepted');
    expect(pageStateOf<QuotationPageData>(back.body).data.notice).toBe('请先接受报价再结算');

    await member.browser.callOk(quotationCalls.accept, { quotationId });
    const settlement = await member.browser.get(`/offer/settlement?quotationId=${String(quotationId)}`);
    expect(settlement.statusCode).toBe(200);
    const data = pageStateOf<SettlementData>(settlement.body).data;
    expect(data.quotation?.id).toBe(quotationId);
    expect(data.lines.map((line) => [line.productId, line.quantity, line.unitPriceE4, line.amountCents])).toEqual([[part, 300, 55, 165]]);
    expect(data.goodsCents).toBe(165);

    expect((await (await t.member()).browser.get(`/offer/settlement?quotationId=${String(quotationId)}`)).statusCode).toBe(404);
    expect((await member.browser.get('/offer/settlement?quotationId=abc')).statusCode).toBe(404);
  });
});
