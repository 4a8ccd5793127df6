import { beforeEach, describe, expect, it } from 'vitest';
import type { BrandDetailPageData } from '../../../web/pages/brand-detail-page.tsx';
import type { BrandListPageData } from '../../../web/pages/brand-list-page.tsx';
import { pageStateOf } from '../../testing/page-state.ts';
import type { TestBrowser } from '../../testing/test-app.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { insertCatalogFixture, type CatalogFixture } from '../catalog/testing/catalog-fixture.ts';

describe('brands: /brand and /brand/{brandId}', () => {
  const t = useTestApp({ fixture: (app) => insertCatalogFixture(app.db) });
  let f: CatalogFixture;
  let browser: TestBrowser;
  beforeEach(() => {
    f = t.fixture;
    browser = t.browser();
  });

  const brandPage = async (query = '') => {
    const response = await browser.get(`/brand/${f.brands.yageo}${query}`);
    expect(response.statusCode).toBe(200);
    return { html: response.body, data: pageStateOf<BrandDetailPageData>(response.body).data };
  };

  it('lists every brand under its A–Z letter with Chinese names, logos and part counts', async () => {
    const response = await browser.get('/brand');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>品牌专区 - 电子元器件原厂品牌大全 - 芯品商城</title>');
    const { data } = pageStateOf<BrandListPageData>(response.body);
    expect(data.brandCount).toBe(5);
    expect(data.groups.map((group) => group.initial)).toEqual(['M', 'S', 'T', 'U', 'Y']);
    const yageo = data.groups.find((group) => group.initial === 'Y')?.brands[0];
    expect(yageo).toMatchObject({ brandId: f.brands.yageo, nameEn: 'YAGEO', nameCn: '国巨', productCount: 24 });
    expect(response.body).toContain('src="/img/brand/yageo.svg"');
    expect(response.body).toContain(`href="/brand/${f.brands.murata}"`);
    expect(response.body).toContain('村田');
  });

  it("shows the brand's introduction and its parts with category and package counts", async () => {
    const { html, data } = await brandPage();
    expect(html).toContain('<title>YAGEO(国巨)品牌元器件 - 芯品商城</title>');
    expect(html).toContain('国巨股份有限公司是全球领先的被动元件供应商。');
    expect(data.products.total).toBe(24);
    expect(data.products.list).toHaveLength(20);
    expect(data.products.list.every((part) => part.brandId === f.brands.yageo)).toBe(true);
    expect(data.products.categories).toEqual([{ categoryId: f.categories.chipResistor, categoryName: '贴片电阻', count: 24 }]);
    expect(data.products.packages).toEqual([
      { value: '0402', count: 8 },
      { value: '0603', count: 8 },
      { value: '0805', count: 8 },
    ]);
    expect((await brandPage('?page=2')).data.products.list).toHaveLength(4);
  });

  it('filters by package, category and stock, with counts that leave out their own choice', async () => {
    const byPackage = (await brandPage('?package=0603')).data.products;
    expect(byPackage.total).toBe(8);
    expect(byPackage.list.every((part) => part.package === '0603')).toBe(true);
    expect(byPackage.packages.map((value) => value.count)).toEqual([8, 8, 8]);
    expect(byPackage.categories).toEqual([{ categoryId: f.categories.chipResistor, categoryName: '贴片电阻', count: 8 }]);
    expect((await brandPage(`?category=${f.categories.chipCapacitor}`)).data.products.total).toBe(0);
    const inStock = (await brandPage('?stock=1')).data.products;
    expect(inStock.total).toBe(16);
    expect(inStock.list.every((part) => part.stock > 0)).toBe(true);
  });

  it('sorts by price and stock', async () => {
    const prices = (await brandPage('?sort=1')).data.products.list.map((part) => part.priceTiers[0]?.priceE4 ?? 0);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const descending = (await brandPage('?sort=2')).data.products.list.map((part) => part.priceTiers[0]?.priceE4 ?? 0);
    expect(descending).toEqual([...descending].sort((a, b) => b - a));
    const stocks = (await brandPage('?sort=3')).data.products.list.map((part) => part.stock);
    expect(stocks).toEqual([...stocks].sort((a, b) => b - a));
  });

  it('reads damaged list links as defaults', async () => {
    const { data } = await brandPage('?page=abc&sort=9&stock=2&category=x');
    expect(data.state).toEqual({ category: undefined, package: undefined, stock: 0, sort: 0, page: 1 });
    expect(data.products.total).toBe(24);
  });

  it.each(['999999', 'abc', '0'])('answers a 404 page for /brand/%s', async (id) => {
    const response = await browser.get(`/brand/${id}`);
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('抱歉，您访问的页面不存在');
  });
  it('offers no empty package choice for parts with no package written (a price list may create them)', async () => {
    const part = await t.db.kysely.selectFrom('products').select('id').where('brandId', '=', f.brands.murata).executeTakeFirstOrThrow();
    await t.db.kysely.updateTable('products').set({ package: '' }).where('id', '=', part.id).execute();
    const response = await browser.get(`/brand/${f.brands.murata}`);
    const { data } = pageStateOf<BrandDetailPageData>(response.body);
    expect(data.products.packages.length).toBeGreaterThan(0);
    expect(data.products.packages.map((choice) => choice.value)).not.toContain('');
  });
});
