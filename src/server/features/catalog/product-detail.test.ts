import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDetail } from '../../../contract/catalog.ts';
import { createTestApp, TestBrowser, type TestApp } from '../../testing/test-app.ts';
import { registerTestMember, type TestMember } from './testing/member.ts';
import { fixtureProductId, insertCatalogFixture, type CatalogFixture } from './testing/catalog-fixture.ts';
import { pageState } from './testing/page-state.ts';

describe('product detail /product/detail/{productId} and favorites', () => {
  let t: TestApp;
  let f: CatalogFixture;
  let visitor: TestBrowser;
  let member: TestMember;

  beforeAll(async () => {
    t = await createTestApp();
    f = await insertCatalogFixture(t.db);
    visitor = new TestBrowser(t.app);
    member = await registerTestMember(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows code, brand link, package, description, lifecycle, RoHS, datasheet, parameters and the image', async () => {
    const id = fixtureProductId(f, 'RC0603FR-0710KL');
    const response = await visitor.get(`/product/detail/${id}`);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<title>RC0603FR-0710KL YAGEO(国巨) 0603 贴片电阻 - 芯品商城</title>');
    expect(html).toMatch(/<meta name="description" content="RC0603FR-0710KL由YAGEO\(国巨\)生产，贴片电阻 10kΩ ±1% 100mW 0603/);
    expect(html).toContain(`href="/brand/${f.brands.yageo}"`);
    for (const text of ['量产', '符合', '下载PDF规格书', '规格参数', '阻值', '10kΩ', '精度', '±1%', '功率', '100mW', 'src="/img/package/0603.svg"', '现货 · 2小时内发货']) {
      expect(html).toContain(text);
    }
    expect(html).toContain('href="https://example.com/datasheet/RC0603FR-0710KL.pdf"');
    const data = pageState<ProductDetail>(html);
    expect(data.params.map((param) => param.name)).toEqual(['阻值', '精度', '功率', '封装']);
    expect(data.product.priceTiers).toHaveLength(3);
    expect(data.isFavorite).toBe(false);
  });

  it('lists similar parts: same category and the same key parameters, not the part itself', async () => {
    const id = fixtureProductId(f, 'RC0603FR-0710KL');
    const data = pageState<ProductDetail>((await visitor.get(`/product/detail/${id}`)).body);
    expect(data.similarBy).toEqual([
      { name: '阻值', valueText: '10kΩ' },
      { name: '精度', valueText: '±1%' },
    ]);
    // 10kΩ ±1%: 3 packages × 2 makers, less the part itself.
    expect(data.similar).toHaveLength(5);
    expect(data.similar.map((part) => part.productId)).not.toContain(id);
    expect(data.similar.every((part) => part.description.includes('10kΩ ±1%'))).toBe(true);
    // In-stock parts first.
    const stocks = data.similar.map((part) => (part.stock > 0 ? 0 : 1));
    expect(stocks).toEqual([...stocks].sort());
  });

  it('leaves the dispatch promise out for a part without stock', async () => {
    const html = (await visitor.get(`/product/detail/${fixtureProductId(f, 'STM32F030F4P6')}`)).body;
    expect(html).toContain('暂无现货');
    expect(html).not.toContain('现货 · 2小时内发货');
    expect(html).toContain('特价');
  });

  it.each(['999999', 'abc', '12abc', '0', '-5', '99999999999', '1.5'])('answers a 404 page for /product/detail/%s', async (id) => {
    const response = await visitor.get(`/product/detail/${id}`);
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('抱歉，您访问的页面不存在');
  });

  it('answers 401 to visitors adding or removing a favorite', async () => {
    const productId = fixtureProductId(f, 'STM32F103C8T6');
    expect(await visitor.call('/user/api/favorite/add', { productId })).toMatchObject({ code: 401 });
    expect(await visitor.call('/user/api/favorite/remove', { productId })).toMatchObject({ code: 401 });
  });

  it('adds a favorite once however often it is added, shows it on the page, and removes it', async () => {
    const productId = fixtureProductId(f, 'STM32F103C8T6');
    expect(await member.browser.call('/user/api/favorite/add', { productId })).toEqual({ code: 1, data: { isFavorite: true }, msg: '已加入收藏' });
    expect(await member.browser.call('/user/api/favorite/add', { productId })).toMatchObject({ code: 1 });
    const rows = await t.db.kysely.selectFrom('favorites').selectAll().where('userId', '=', member.userId).execute();
    expect(rows.map((row) => row.productId)).toEqual([productId]);
    expect(pageState<ProductDetail>((await member.browser.get(`/product/detail/${productId}`)).body).isFavorite).toBe(true);
    expect(await member.browser.call('/user/api/favorite/remove', { productId })).toEqual({ code: 1, data: { isFavorite: false }, msg: '已取消收藏' });
    expect(pageState<ProductDetail>((await member.browser.get(`/product/detail/${productId}`)).body).isFavorite).toBe(false);
  });

  it('refuses favorites of unknown or malformed products with a Chinese message', async () => {
    expect(await member.browser.call('/user/api/favorite/add', { productId: 999_999 })).toMatchObject({ code: 404, msg: '商品不存在' });
    expect(await member.browser.call('/user/api/favorite/add', { productId: 'abc' })).toMatchObject({ code: 400, msg: '商品不存在' });
    expect(await member.browser.call('/user/api/favorite/add', {})).toMatchObject({ code: 400, msg: '商品不存在' });
  });
});
