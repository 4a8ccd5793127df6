import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { apiKeyCalls } from '../../../contract/open-api-calls.ts';
import type { OpenApiFailureBody } from '../../../contract/open-api.ts';
import { quotationCalls } from '../../../contract/quotation-calls.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { openRequest } from './testing/open-platform-fixture.ts';

describe('/open/v1 quotations: a request through the quotation feature, its offer read back', () => {
  const t = useTestApp();

  const failureOf = (response: LightMyRequestResponse, status: number): OpenApiFailureBody => {
    expect(response.statusCode, response.body).toBe(status);
    const body = response.json<OpenApiFailureBody>();
    expect(body.msg).toMatch(/[\u4e00-\u9fff]/);
    return body;
  };

  it('requests a quotation, lists it in the member centre, reads it back; refuses sandbox keys, other members and bad input', async () => {
    const member = await t.member();
    const live = (await member.browser.callOk(apiKeyCalls.create, { name: 'ERP' })).key;
    const sandbox = (await member.browser.callOk(apiKeyCalls.create, { name: '联调', isSandbox: true })).key;
    const body = {
      note: '年度备货',
      lines: [
        { partNumber: 'LM358DR', quantity: 5000, brand: 'TI' },
        { partNumber: 'NE555P', quantity: 1000 },
      ],
    };
    const asked = await openRequest(t, 'POST', '/open/v1/quotations', { apiKey: live, body });
    expect(asked.statusCode, asked.body).toBe(200);
    const quotation = asked.json<{ data: { quotationId: number; state: string; lines: { partNumber: string; offer: unknown }[] } }>().data;
    expect(quotation).toMatchObject({
      state: 'pending',
      lines: [
        { partNumber: 'LM358DR', offer: null },
        { partNumber: 'NE555P', offer: null },
      ],
    });
    const listed = await member.browser.callOk(quotationCalls.list, {});
    expect(listed.quotations.map((each) => each.id)).toEqual([quotation.quotationId]);

    const read = await openRequest(t, 'GET', `/open/v1/quotations/${String(quotation.quotationId)}`, { apiKey: live });
    expect(read.json<{ data: { quotationId: number; note: string } }>().data).toMatchObject({ quotationId: quotation.quotationId, note: '年度备货' });

    expect(failureOf(await openRequest(t, 'POST', '/open/v1/quotations', { apiKey: sandbox, body }), 403).errorCode).toBe('openOrder.sandboxQuotation');
    const other = await t.member();
    const otherKey = (await other.browser.callOk(apiKeyCalls.create, { name: '别人' })).key;
    expect(failureOf(await openRequest(t, 'GET', `/open/v1/quotations/${String(quotation.quotationId)}`, { apiKey: otherKey }), 404).errorCode).toBe(
      'quotation.notFound',
    );
    expect(failureOf(await openRequest(t, 'GET', '/open/v1/quotations/abc', { apiKey: live }), 400).msg).toBe('询价单ID须为正整数');
    expect(failureOf(await openRequest(t, 'POST', '/open/v1/quotations', { apiKey: live, body: { lines: [] } }), 400).errorCode).toBe('openApi.invalid');
    expect(failureOf(await openRequest(t, 'POST', '/open/v1/quotations', { apiKey: live, body: { lines: [{ partNumber: ' ', quantity: 1 }] } }), 400).msg).toBe(
      '请填写型号',
    );
    expect(
      failureOf(await openRequest(t, 'POST', '/open/v1/quotations', { apiKey: live, body: { lines: [{ partNumber: 'X', quantity: 0 }] } }), 400).errorCode,
    ).toBe('openApi.invalid');
  });
});
