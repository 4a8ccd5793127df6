import { beforeEach, describe, expect, it } from 'vitest';
import type { ProductDetail } from '../../../contract/catalog.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import type { TestBrowser } from '../../testing/test-app.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { fixtureProductId, insertCatalogFixture } from './testing/catalog-fixture.ts';

describe('product detail /product/detail/{productId} and favorites', () => {
  const t = useTestApp({ fixture: (app) => insertCatalogFixture(app.db) });
  let visitor: TestBrowser;
  beforeEach(() => {
    visitor = t.browser();
  });

  it('shows code, brand link, package, description, lifecycle, RoHS, datasheet, parameters and the image', async () => {
    const id = fixtureProductId(t.fixture, 'RC0603FR-0710KL');
    const response = await visitor.get(`/product/detail/${id}`);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<title>RC0603FR-0710KL YAGEO(国巨) 0603 贴片电阻 - 芯品商城</title>');
    expect(html).toMatch(/<meta name="description" content="RC0603FR-0710KL由YAGEO\(国巨\)生产，贴片电阻 10kΩ ±1% 100mW 0603/);
    expect(html).toContain(`href="/brand/${t.fixture.brands.yageo}"`);
    for (const text of ['量产', '符合', '下载PDF规格书', '规格参数', '阻值', '10kΩ', '精度', '±1%', '功率', '100mW', 'src="/img/package/0603.svg"', '现货 · 2小时内发货']) {
      expect(html).toContain(text);
    }
    expect(html).toContain('href="https://example.com/datasheet/RC0603FR-0710KL.pdf"');
    const data = pageStateOf<ProductDetail>(html).data;
    expect(data.params.map((param) => param.name)).toEqual(['阻值', '精度', '功率', '封装']);
    expect(data.product.priceTiers).toHaveLength(3);
    expect(data.isFavorite).toBe(false);
  });

  it('lists similar parts: same category and the same key parameters, not the part itself', async () => {
    const id = fixtureProductId(t.fixture, 'RC0603FR-0710KL');
    const data = pageStateOf<ProductDetail>((await visitor.get(`/product/detail/${id}`)).body).data;
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
    const html = (await visitor.get(`/product/detail/${fixtureProductId(t.fixture, 'STM32F030F4P6')}`)).body;
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
    const productId = fixtureProductId(t.fixture, 'STM32F103C8T6');
    expect(await visitor.call('/user/api/favorite/add', { productId })).toMatchObject({ code: 401 });
    expect(await visitor.call('/user/api/favorite/remove', { productId })).toMatchObject({ code: 401 });
  });

  it('adds a favorite once however often it is added, shows it on the page, and removes it', async () => {
    const member = await t.member();
    const productId = fixtureProductId(t.fixture, 'STM32F103C8T6');
    expect(await member.browser.call('/user/api/favorite/add', { productId })).toEqual({ code: 1, data: { isFavorite: true }, msg: '已加入收藏' });
    expect(await member.browser.call('/user/api/favorite/add', { productId })).toMatchObject({ code: 1 });
    const rows = await t.db.kysely.selectFrom('favorites').selectAll().where('userId', '=', member.userId).execute();
    expect(rows.map((row) => row.productId)).toEqual([productId]);
    expect(pageStateOf<ProductDetail>((await member.browser.get(`/product/detail/${productId}`)).body).data.isFavorite).toBe(true);
    expect(await member.browser.call('/user/api/favorite/remove', { productId })).toEqual({ code: 1, data: { isFavorite: false }, msg: '已取消收藏' });
    expect(pageStateOf<ProductDetail>((await member.browser.get(`/product/detail/${productId}`)).body).data.isFavorite).toBe(false);
  });

  it('refuses favorites of unknown or malformed products with a Chinese message', async () => {
    const member = await t.member();
    expect(await member.browser.call('/user/api/favorite/add', { productId: 999_999 })).toMatchObject({ code: 404, msg: '商品不存在' });
    expect(await member.browser.call('/user/api/favorite/add', { productId: 'abc' })).toMatchObject({ code: 400, msg: '商品不存在' });
    expect(await member.browser.call('/user/api/favorite/add', {})).toMatchObject({ code: 400, msg: '商品不存在' });
  });
});
