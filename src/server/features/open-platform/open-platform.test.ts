import { createHash } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { apiKeyCalls } from '../../../contract/open-api-calls.ts';
import type { ApiKeyListData, OpenApiFailureBody } from '../../../contract/open-api.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { fixtureProductId, insertCatalogFixture } from '../catalog/testing/catalog-fixture.ts';
import { memberWithKey, openRequest } from './testing/open-platform-fixture.ts';

describe('开放平台: API keys and the /open/v1 endpoints', () => {
  const t = useTestApp({ fixture: async (app) => insertCatalogFixture(app.db) });
  /** A failure's envelope, whose code is its HTTP status. */
  const failureOf = (response: LightMyRequestResponse) => {
    const body = response.json<OpenApiFailureBody>();
    expect(body).toMatchObject({ code: response.statusCode, data: null });
    return body;
  };
  /** A success's envelope: code 1, msg '', the answer in data. */
  const dataOf = (response: LightMyRequestResponse): unknown => {
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ code: number; data: unknown; msg: string }>();
    expect(Object.keys(body).sort()).toEqual(['code', 'data', 'msg']);
    expect(body).toMatchObject({ code: 1, msg: '' });
    return body.data;
  };

  it('shows a key once, stores only its hash and a sealed copy, lists it masked and refuses it once revoked', async () => {
    const { member, created } = await memberWithKey(t, 'ERP 同步');
    expect(created.key).toMatch(/^xp_live_\d+_[A-Za-z0-9_-]{43}$/);
    const secret = created.key.split('_').slice(3).join('_');
    const row = await t.db.kysely.selectFrom('apiKeys').selectAll().where('id', '=', created.view.keyId).executeTakeFirstOrThrow();
    expect(row.secretHash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(secret);

    const list = await member.browser.callOk(apiKeyCalls.list, {});
    expect(list.keys).toMatchObject([{ keyId: created.view.keyId, name: 'ERP 同步', maskedKey: `xp_live_${created.view.keyId}_…`, revokedAt: null }]);
    expect(JSON.stringify(list)).not.toContain(secret);
    const page = pageStateOf<ApiKeyListData>((await member.browser.get('/user/api-keys')).body).data;
    expect(JSON.stringify(page)).not.toContain(secret);
    expect(page.keys).toHaveLength(1);

    expect((await openRequest(t, 'GET', '/open/v1/search?keyword=STM32', { apiKey: created.key })).statusCode).toBe(200);
    const revoked = await member.browser.callOk(apiKeyCalls.revoke, { keyId: created.view.keyId });
    expect(revoked.keys[0]?.revokedAt).toEqual(expect.any(Number));
    const refused = await openRequest(t, 'GET', '/open/v1/search?keyword=STM32', { apiKey: created.key });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ code: 401, data: null, msg: 'API 密钥无效或已停用', errorCode: 'openApi.badKey' });
  });

  it("refuses a sixth active key, another member's key and visitors", async () => {
    const member = await t.member();
    const keys = [];
    for (let i = 0; i < 5; i++) keys.push(await member.browser.callOk(apiKeyCalls.create, { name: `密钥${i}` }));
    const sixth = await member.browser.call(apiKeyCalls.create, { name: '第六个' });
    expect(sixth.errorCode).toBe('apiKey.tooMany');
    const other = await t.member();
    expect((await other.browser.call(apiKeyCalls.revoke, { keyId: keys[0]?.view.keyId ?? 0 })).errorCode).toBe('apiKey.notFound');
    await member.browser.callOk(apiKeyCalls.revoke, { keyId: keys[0]?.view.keyId ?? 0 });
    expect((await member.browser.callOk(apiKeyCalls.create, { name: '补一个' })).view.name).toBe('补一个');
    expect((await t.browser().call(apiKeyCalls.list, {})).code).toBe(401);
    expect((await member.browser.call(apiKeyCalls.create, { name: '  ' })).msg).toBe('请填写密钥名称');
  });

  it('creates at most 5 active keys when members create at once', async () => {
    const member = await t.member();
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => member.browser.call(apiKeyCalls.create, { name: `并发${i}` })));
    expect(answers.filter((answer) => answer.code === 1)).toHaveLength(5);
    const active = await t.db.kysely.selectFrom('apiKeys').select('id').where('userId', '=', member.userId).where('revokedAt', 'is', null).execute();
    expect(active).toHaveLength(5);
  });

  it('refuses requests without a key or with a wrong one, in Chinese with 401, and sets no session cookie', async () => {
    const { created } = await memberWithKey(t);
    const none = await openRequest(t, 'GET', '/open/v1/search?keyword=STM32');
    expect(none.statusCode).toBe(401);
    expect(failureOf(none).errorCode).toBe('openApi.missingKey');
    expect(failureOf(none).msg).toMatch(/缺少 API 密钥/);
    const wrongSecret = created.key.slice(0, -4) + (created.key.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    for (const apiKey of [wrongSecret, 'xp_live_1_short', 'garbage', `xp_live_9999999999_${'A'.repeat(43)}`]) {
      const response = await openRequest(t, 'GET', '/open/v1/search?keyword=STM32', { apiKey });
      expect(response.statusCode).toBe(401);
      expect(failureOf(response).errorCode).toBe('openApi.badKey');
    }
    const ok = await openRequest(t, 'POST', '/open/v1/products/batch', { apiKey: created.key, body: { partNumbers: ['STM32F103C8T6'] } });
    expect((dataOf(ok) as { items: unknown[] }).items).toHaveLength(1);
    expect(ok.headers['set-cookie']).toBeUndefined();
    expect(none.headers['set-cookie']).toBeUndefined();
  });

  it('answers search, detail, lookup, price, stock, batch and BOM match from the catalogue', async () => {
    const { created } = await memberWithKey(t);
    const get = async (url: string) => dataOf(await openRequest(t, 'GET', url, { apiKey: created.key })) as Record<string, unknown>;
    const stm = fixtureProductId(t.fixture, 'STM32F103C8T6');
    const search = await get('/open/v1/search?keyword=STM32F103');
    expect(search).toMatchObject({ keyword: 'STM32F103', page: 1, pageSize: 20, total: 2 });
    expect((search.items as { partNumber: string }[]).map((item) => item.partNumber).sort()).toEqual(['STM32F103C8T6', 'STM32F103RCT6']);

    const detail = await get(`/open/v1/products/${stm}`);
    expect(detail).toMatchObject({
      product: {
        productId: stm,
        partNumber: 'STM32F103C8T6',
        package: 'LQFP-48',
        stock: 1200,
        packSize: 1,
        lifecycle: 'active',
        url: `/product/detail/${stm}`,
      },
      categoryName: expect.any(String) as string,
    });
    expect((detail.product as { priceTiers: unknown[] }).priceTiers).toEqual([
      { qtyStart: 1, qtyEnd: 9, unitPrice: '12.80', currency: 'CNY' },
      { qtyStart: 10, qtyEnd: 99, unitPrice: '11.52', currency: 'CNY' },
      { qtyStart: 100, qtyEnd: null, unitPrice: '10.24', currency: 'CNY' },
    ]);
    // In stock: ships within a working day of payment.
    expect(detail.product).toMatchObject({ leadTimeDays: 1 });
    expect(detail.params).toEqual(expect.arrayContaining([{ name: expect.any(String) as string, value: 'Cortex-M3' }]));

    expect(await get('/open/v1/products/lookup?partNumber=stm32f103-c8t6')).toMatchObject({ items: [{ productId: stm }] });
    expect(await get('/open/v1/products/lookup?partNumber=NOPE123456')).toEqual({ partNumber: 'NOPE123456', items: [] });
    // The cart's rule: 10.24 × 150 = 1536.00; 11.52 × 15 = 172.80.
    expect(await get(`/open/v1/products/${stm}/price?quantity=150`)).toMatchObject({
      unitPrice: '10.24',
      amount: '1536.00',
      amountCents: 153_600,
      currency: 'CNY',
      leadTimeDays: 1,
      isPurchasable: true,
      problem: '',
    });
    expect(await get(`/open/v1/products/${stm}/price?quantity=15`)).toMatchObject({
      unitPrice: '11.52',
      amount: '172.80',
      tier: { qtyStart: 10, qtyEnd: 99, unitPrice: '11.52', currency: 'CNY' },
    });
    // More than the 1200 in stock: the store knows no lead time for the rest.
    expect(await get(`/open/v1/products/${stm}/price?quantity=1500`)).toMatchObject({ leadTimeDays: null, currency: 'CNY' });
    expect(await get(`/open/v1/products/${stm}/stock`)).toEqual({
      productId: stm,
      partNumber: 'STM32F103C8T6',
      stock: 1200,
      packSize: 1,
      isInStock: true,
      leadTimeDays: 1,
    });

    const batch = await openRequest(t, 'POST', '/open/v1/products/batch', {
      apiKey: created.key,
      body: { partNumbers: ['STM32F103C8T6', 'NOPE123456', 'TLV1117-33IDCYR'] },
    });
    expect((dataOf(batch) as { items: { partNumber: string; isFound: boolean }[] }).items.map(({ partNumber, isFound }) => [partNumber, isFound])).toEqual([
      ['STM32F103C8T6', true],
      ['NOPE123456', false],
      ['TLV1117-33IDCYR', true],
    ]);

    const bom = await openRequest(t, 'POST', '/open/v1/bom/match', {
      apiKey: created.key,
      body: {
        lines: [
          { partNumber: 'STM32F103C8T6', quantity: 150 },
          { partNumber: 'ZZZ-NOTHING-999', quantity: 1 },
        ],
      },
    });
    const matched = dataOf(bom) as {
      lines: { status: string; candidates: { product: { productId: number }; orderQuantity: number; amount: string }[] }[];
      summary: unknown;
    };
    expect(matched.lines[0]).toMatchObject({
      status: 'exact',
      candidates: [{ product: { productId: stm }, orderQuantity: 150, amount: '1536.00', currency: 'CNY' }],
    });
    expect(matched.lines[0]).toMatchObject({ confidence: 'high', matchReason: expect.stringMatching(/[\u4e00-\u9fff]/) as string });
    expect(matched.lines[1]).toMatchObject({ status: 'none', confidence: 'none' });
    expect(matched.summary).toEqual({ lineCount: 2, matchedCount: 1 });
  });

  it('answers 404 for an unknown product or route and 400 with a Chinese message for bad input, in the envelope', async () => {
    const { created } = await memberWithKey(t);
    const expectError = async (method: 'GET' | 'POST', url: string, status: number, errorCode: string, message?: RegExp, body?: unknown) => {
      const response = await openRequest(t, method, url, { apiKey: created.key, body });
      expect(response.statusCode, response.body).toBe(status);
      const failure = failureOf(response);
      expect(failure.errorCode).toBe(errorCode);
      expect(failure.msg).toMatch(message ?? /[\u4e00-\u9fff]/);
      return failure;
    };
    await expectError('GET', '/open/v1/products/999999', 404, 'openApi.notFound', /商品不存在/);
    await expectError('GET', '/open/v1/products/999999/price?quantity=1', 404, 'openApi.notFound');
    await expectError('GET', '/open/v1/nothing-here', 404, 'openApi.unknownRoute');
    expect(await expectError('GET', '/open/v1/search', 400, 'openApi.invalid', /请填写搜索关键词/)).toEqual({
      code: 400,
      data: null,
      msg: '请填写搜索关键词',
      errorCode: 'openApi.invalid',
      field: 'keyword',
    });
    await expectError('GET', '/open/v1/products/abc', 400, 'openApi.invalid', /商品ID须为正整数/);
    await expectError(
      'GET',
      `/open/v1/products/${fixtureProductId(t.fixture, 'STM32F103C8T6')}/price?quantity=0`,
      400,
      'openApi.invalid',
      /数量须为1–1000000的整数/,
    );
    await expectError('POST', '/open/v1/products/batch', 400, 'openApi.invalid', /请至少提供1个型号/, { partNumbers: [] });
    await expectError('POST', '/open/v1/products/batch', 400, 'openApi.malformed', /JSON/, '{"partNumbers": [');
    await expectError('POST', '/open/v1/bom/match', 400, 'openApi.invalid', /每行至少填写型号/, { lines: [{ quantity: 3 }] });
    const tooManyLines = Array.from({ length: 501 }, (_, index) => ({ partNumber: `P-${String(index)}`, quantity: 1 }));
    await expectError('POST', '/open/v1/bom/match', 400, 'openApi.invalid', /一次最多匹配500行物料/, { lines: tooManyLines });
    await expectError('GET', '/open/v1/search?keyword=a%00b', 400, 'openApi.invalid', /控制字符/);
  });

  it('answers a page past the end empty with the true total, so reading until empty ends', async () => {
    const { created } = await memberWithKey(t);
    const page = async (number: number) =>
      dataOf(await openRequest(t, 'GET', `/open/v1/search?keyword=STM32F103&page=${number}`, { apiKey: created.key })) as {
        total: number;
        page: number;
        pageCount: number;
        hasMore: boolean;
        items: { partNumber: string }[];
      };
    const first = await page(1);
    expect(first).toMatchObject({ total: 2, page: 1, pageCount: 1, hasMore: false });
    expect(first.items).toHaveLength(2);
    for (const number of [2, 3, 500]) {
      expect(await page(number)).toMatchObject({ total: 2, page: number, pageCount: 1, hasMore: false, items: [] });
    }
    // A program that reads pages until one is empty reads each part once.
    const seen: string[] = [];
    for (let number = 1; number <= 10; number++) {
      const { items } = await page(number);
      if (items.length === 0) break;
      seen.push(...items.map((item) => item.partNumber));
    }
    expect(seen.sort()).toEqual(['STM32F103C8T6', 'STM32F103RCT6']);
    expect(await page(1)).toMatchObject({ hasMore: false });
    const none = dataOf(await openRequest(t, 'GET', '/open/v1/search?keyword=ZZZ-NOTHING-999', { apiKey: created.key }));
    expect(none).toMatchObject({ total: 0, page: 1, pageCount: 0, hasMore: false, items: [] });
  });

  it('answers 405 with Allow and the envelope for a method a known path does not have, before reading a key', async () => {
    const { created } = await memberWithKey(t);
    const stm = fixtureProductId(t.fixture, 'STM32F103C8T6');
    const cases: { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS'; url: string; allow: string }[] = [
      // Not a product id: the batch path has POST only.
      { method: 'GET', url: '/open/v1/products/batch', allow: 'POST' },
      { method: 'GET', url: '/open/v1/bom/match', allow: 'POST' },
      { method: 'POST', url: '/open/v1/search?keyword=STM32', allow: 'GET, HEAD' },
      { method: 'DELETE', url: `/open/v1/products/${stm}`, allow: 'GET, HEAD' },
      { method: 'PUT', url: `/open/v1/products/${stm}/price?quantity=1`, allow: 'GET, HEAD' },
      { method: 'PATCH', url: '/open/v1/products/lookup?partNumber=X', allow: 'GET, HEAD' },
      { method: 'OPTIONS', url: `/open/v1/products/${stm}/stock`, allow: 'GET, HEAD' },
      { method: 'POST', url: '/open/v1/openapi.json', allow: 'GET, HEAD' },
    ];
    for (const { method, url, allow } of cases) {
      for (const apiKey of [created.key, undefined]) {
        const response = await openRequest(t, method, url, {
          ...(apiKey ? { apiKey } : {}),
          ...(method === 'GET' || method === 'OPTIONS' ? {} : { body: {} }),
        });
        expect(response.statusCode, `${method} ${url}`).toBe(405);
        expect(response.headers.allow, `${method} ${url}`).toBe(allow);
        expect(response.json()).toEqual({ code: 405, data: null, msg: `该接口不支持 ${method} 请求，请使用 ${allow}`, errorCode: 'openApi.methodNotAllowed' });
      }
    }
    // A body that is not JSON is not read either; unknown paths stay 404.
    const notJson = await openRequest(t, 'PUT', '/open/v1/search', { headers: { 'content-type': 'text/plain' }, body: 'x' });
    expect(notJson.statusCode).toBe(405);
    expect(failureOf(await openRequest(t, 'DELETE', '/open/v1/nothing-here'))).toMatchObject({ code: 404, errorCode: 'openApi.unknownRoute' });
    // The methods a path has still answer.
    expect((await openRequest(t, 'GET', `/open/v1/products/${stm}/stock`, { apiKey: created.key })).statusCode).toBe(200);
    expect((await openRequest(t, 'HEAD', `/open/v1/products/${stm}/stock`, { apiKey: created.key })).statusCode).toBe(200);
  });

  it('looks up 100 part numbers in one batch and refuses 101', async () => {
    const { created } = await memberWithKey(t);
    const codes = Array.from({ length: 100 }, (_, i) => (i % 2 === 0 ? 'STM32F103C8T6' : `MISSING-${i}`));
    const ok = await openRequest(t, 'POST', '/open/v1/products/batch', { apiKey: created.key, body: { partNumbers: codes } });
    const items = (dataOf(ok) as { items: { partNumber: string; isFound: boolean }[] }).items;
    expect(items).toHaveLength(100);
    expect(items.filter((item) => item.isFound)).toHaveLength(50);
    const tooMany = await openRequest(t, 'POST', '/open/v1/products/batch', { apiKey: created.key, body: { partNumbers: [...codes, 'ONE-MORE'] } });
    expect(tooMany.statusCode).toBe(400);
    expect(failureOf(tooMany)).toMatchObject({ code: 400, errorCode: 'openApi.invalid', msg: '一次最多查询100个型号', field: 'partNumbers' });
  });

  it('neither reads nor sets the session cookie on any /open/ path, unknown ones included', async () => {
    const member = await t.member();
    const sid = member.browser.cookie('sid');
    expect(sid).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Without its token cookie, a site path would issue both cookies again for this sid.
    const cookieHeaders = { cookie: `sid=${sid ?? ''}` };
    expect((await t.app.inject({ method: 'GET', url: '/user/person', headers: cookieHeaders })).headers['set-cookie']).toBeDefined();
    for (const [method, url] of [
      ['GET', '/open/v1/nothing-here'],
      ['POST', '/open/v1/nothing-here'],
      ['GET', '/open/v2/search'],
      ['GET', '/open/v1'],
      ['GET', '/open/v1/search?keyword=STM32'],
    ] as const) {
      const response = await openRequest(t, method, url, { headers: cookieHeaders, ...(method === 'POST' ? { body: {} } : {}) });
      expect(response.headers['set-cookie'], `${method} ${url}`).toBeUndefined();
      if (url.startsWith('/open/v1/nothing')) expect(failureOf(response)).toMatchObject({ code: 404, errorCode: 'openApi.unknownRoute' });
      // A member's cookie is no credential here.
      if (url.startsWith('/open/v1/search')) expect(failureOf(response).errorCode).toBe('openApi.missingKey');
    }
  });
});
