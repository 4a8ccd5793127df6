import { beforeEach, describe, expect, it } from 'vitest';
import type { ProductDetail } from '../../../contract/catalog.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import { countingDb } from '../../testing/statement-counter.ts';
import type { TestBrowser } from '../../testing/test-app.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { createCacheVersions } from '../../cache/cache-versions.ts';
import { createCatalogContext } from './catalog-context.ts';
import { loadProductDetail } from './product-detail.service.ts';
import { fixtureProductId, insertCatalogFixture } from './testing/catalog-fixture.ts';

describe('product detail /product/detail/{productId}', () => {
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
    for (const text of [
      '量产',
      '符合',
      '下载PDF规格书',
      '规格参数',
      '阻值',
      '10kΩ',
      '精度',
      '±1%',
      '功率',
      '100mW',
      'src="/img/package/0603.svg"',
      '现货 · 2小时内发货',
    ]) {
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

  it("reads a visitor's product page in eight statements: the part with its brand and categories, tiers, parameters, its warehouses' figures, then similar parts", async () => {
    const { db: counted, count: statements } = countingDb(t.db.kysely);
    const context = createCatalogContext({ db: counted, logger: t.deps.logger, cacheVersions: createCacheVersions(t.db.kysely) });
    const detail = await loadProductDetail(context, fixtureProductId(t.fixture, 'RC0603FR-0710KL'), null);
    expect(detail.similar).toHaveLength(5);
    expect(detail.brandLogoPath).toBe('brand/yageo.svg');
    expect(detail.warehouses.map((warehouse) => warehouse.code)).toEqual(['SZ', 'JS']);
    expect([detail.categoryFirst.categoryName, detail.categorySecond.categoryName]).toEqual(['电阻', '贴片电阻']);
    // 3 for the part (row, tiers, parameters), 1 for its warehouses; 1 to count both key values, 1 to pick similar parts, 2 to read them.
    expect(statements()).toBe(8);
  });
});
