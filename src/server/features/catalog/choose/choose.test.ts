import { beforeEach, describe, expect, it } from 'vitest';
import type { QueryAttrbuteExcludeListResponse, QueryAttrbuteProductListResponse } from '../../../../contract/catalog.ts';
import { catalogCalls } from '../../../../contract/catalog-calls.ts';
import type { CallBody } from '../../../../contract/call.ts';
import type { ChoosePageData } from '../../../../web/pages/choose-page.tsx';
import { pageStateOf } from '../../../testing/page-state.ts';
import type { TestBrowser } from '../../../testing/test-app.ts';
import { useTestApp } from '../../../testing/use-test-app.ts';
import { fixtureResistorStock, insertCatalogFixture, type CatalogFixture } from '../testing/catalog-fixture.ts';

describe('parametric selection: the queryAttrbute* calls and /choose', () => {
  const t = useTestApp({ fixture: (app) => insertCatalogFixture(app.db) });
  let f: CatalogFixture;
  let browser: TestBrowser;
  let scope: { categoryFirstId: number; categorySecondId: number };
  beforeEach(() => {
    f = t.fixture;
    browser = t.browser();
    scope = { categoryFirstId: f.categories.resistor, categorySecondId: f.categories.chipResistor };
  });

  const list = (body: Partial<CallBody<typeof catalogCalls.queryAttrbuteProductList>>) =>
    browser.callOk(catalogCalls.queryAttrbuteProductList, { ...scope, ...body });
  const facets = (body: Partial<CallBody<typeof catalogCalls.queryAttrbuteExcludeList>>) =>
    browser.callOk(catalogCalls.queryAttrbuteExcludeList, { ...scope, ...body });
  const countsOf = (result: QueryAttrbuteExcludeListResponse, key: string | number) =>
    Object.fromEntries((result.facets.find((facet) => facet.key === String(key))?.values ?? []).map((value) => [value.value, value.count]));
  const filter = (selection: Record<string, unknown>) => JSON.stringify(selection);

  it('lists a category 20 parts a page with the total, page 1 and sort 0 by default', async () => {
    const first = await list({});
    expect(first.total).toBe(48);
    expect(first.page).toBe(1);
    expect(first.list).toHaveLength(20);
    // 综合: parts in stock come first.
    expect(first.list.every((part) => part.stock > 0)).toBe(true);
    const third = await list({ page: 3 });
    expect(third.list).toHaveLength(8);
    const all = [...first.list, ...(await list({ page: 2 })).list, ...third.list].map((part) => part.productId);
    expect(new Set(all).size).toBe(48);
    expect((await list({ page: 4 })).list).toEqual([]);
  });

  it('returns each part with brand, package, tiers and its values of the category attributes', async () => {
    const { list: parts } = await list({ filter: filter({ [f.attributes.resistance]: ['10kΩ'], [f.attributes.package]: ['0603'] }) });
    const yageo = parts.find((part) => part.code === 'RC0603FR-0710KL');
    expect(yageo).toMatchObject({ brandName: 'YAGEO(国巨)', package: '0603', packSize: 100 });
    expect(yageo?.priceTiers.map((tier) => tier.qtyStart)).toEqual([100, 1000, 5000]);
    expect(yageo?.params).toEqual({
      [f.attributes.resistance]: '10kΩ',
      [f.attributes.tolerance]: '±1%',
      [f.attributes.power]: '100mW',
      [f.attributes.package]: '0603',
    });
  });

  it('counts the values of each attribute with the other filters applied, excluding its own', async () => {
    const none = await facets({});
    expect(none.total).toBe(48);
    expect(countsOf(none, f.attributes.resistance)).toEqual({ '1kΩ': 12, '4.7kΩ': 12, '10kΩ': 12, '100kΩ': 12 });
    expect(countsOf(none, 'brand')).toEqual({ [f.brands.yageo]: 24, [f.brands.uniroyal]: 24 });

    const one = await facets({ filter: filter({ [f.attributes.resistance]: ['10kΩ'] }) });
    expect(one.total).toBe(12);
    // Its own counts ignore its own selection, so other values stay choosable.
    expect(countsOf(one, f.attributes.resistance)).toEqual({ '1kΩ': 12, '4.7kΩ': 12, '10kΩ': 12, '100kΩ': 12 });
    expect(countsOf(one, f.attributes.package)).toEqual({ '0402': 4, '0603': 4, '0805': 4 });

    const two = await facets({ filter: filter({ [f.attributes.resistance]: ['10kΩ'], [f.attributes.package]: ['0603'] }) });
    expect(two.total).toBe(4);
    expect(countsOf(two, f.attributes.resistance)).toEqual({ '1kΩ': 4, '4.7kΩ': 4, '10kΩ': 4, '100kΩ': 4 });
    expect(countsOf(two, f.attributes.package)).toEqual({ '0402': 4, '0603': 4, '0805': 4 });
    expect(countsOf(two, f.attributes.tolerance)).toEqual({ '±1%': 2, '±5%': 2 });
    expect(countsOf(two, 'brand')).toEqual({ [f.brands.yageo]: 2, [f.brands.uniroyal]: 2 });
    expect((await list({ filter: filter({ [f.attributes.resistance]: ['10kΩ'], [f.attributes.package]: ['0603'] }) })).total).toBe(4);
  });

  it('treats several values of one attribute as either, and attributes as all', async () => {
    const either = await list({ filter: filter({ [f.attributes.resistance]: ['10kΩ', '1kΩ'] }) });
    expect(either.total).toBe(24);
    const withBrand = await facets({ filter: filter({ [f.attributes.resistance]: ['10kΩ', '1kΩ'], brand: [String(f.brands.yageo)] }) });
    expect(withBrand.total).toBe(12);
    expect(countsOf(withBrand, 'brand')).toEqual({ [f.brands.yageo]: 12, [f.brands.uniroyal]: 12 });
  });

  it('filters numeric attributes by ranges in the base unit, and sorts numeric values by size', async () => {
    const result = await list({ filter: filter({ [f.attributes.resistance]: { min: 4700, max: 10000 } }) });
    expect(result.total).toBe(24);
    expect((await list({ filter: filter({ [f.attributes.resistance]: { min: 10001 } }) })).total).toBe(12);
    expect((await list({ filter: filter({ [f.attributes.power]: { max: 0.1 } }) })).total).toBe(32);
    const values = (await facets({})).facets.find((facet) => facet.key === String(f.attributes.resistance))?.values.map((value) => value.value);
    expect(values).toEqual(['1kΩ', '4.7kΩ', '10kΩ', '100kΩ']);
  });

  it('keeps only parts in stock with stock 1, in the list and in every count', async () => {
    const inStock = await list({ stock: 1 });
    expect(inStock.total).toBe(Array.from({ length: 48 }, (_, i) => fixtureResistorStock(i)).filter((stock) => stock > 0).length);
    const selection = filter({ [f.attributes.resistance]: ['10kΩ'], [f.attributes.package]: ['0603'] });
    expect((await list({ stock: 1, filter: selection })).total).toBe(3);
    const counted = await facets({ stock: 1, filter: selection });
    expect(counted.total).toBe(3);
    expect(Object.values(countsOf(counted, f.attributes.tolerance)).reduce((a, b) => a + b, 0)).toBe(3);
  });

  it('sorts by price both ways and by stock', async () => {
    const firstPrice = (part: QueryAttrbuteProductListResponse['list'][number]) => part.priceTiers[0]?.priceE4 ?? 0;
    const ascending = (await list({ sort: 1 })).list.map(firstPrice);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    const descending = (await list({ sort: 2 })).list.map(firstPrice);
    expect(descending).toEqual([...descending].sort((a, b) => b - a));
    expect(descending[0]).toBeGreaterThan(ascending[0] ?? 0);
    const stocks = (await list({ sort: 3 })).list.map((part) => part.stock);
    expect(stocks).toEqual([...stocks].sort((a, b) => b - a));
  });

  it('lists a first-level category with its subcategories and brands, without attribute filters (the purchasing ones only)', async () => {
    const result = await facets({ categorySecondId: '' });
    expect(result.subcategories).toEqual([{ categoryId: f.categories.chipResistor, categoryName: '贴片电阻', count: 48 }]);
    expect(result.facets.map((facet) => facet.key)).toEqual(['brand', 'packaging', 'msl', 'reach']);
    expect((await list({ categorySecondId: null })).total).toBe(48);
  });

  it('ignores attributes the category does not have (an old shared link still opens)', async () => {
    expect((await list({ filter: filter({ [f.attributes.core]: ['Cortex-M3'] }) })).total).toBe(48);
  });

  it.each([
    ['{', '筛选条件格式有误'],
    ['[1,2]', '筛选条件格式有误'],
    ['{"x":["1"]}', '筛选条件格式有误'],
    ['{"3":"10kΩ"}', '筛选条件格式有误'],
    ['{"3":{"min":10,"max":1}}', '筛选条件格式有误'],
  ])('answers code 400 for the malformed filter %s', async (text, msg) => {
    for (const call of [catalogCalls.queryAttrbuteProductList, catalogCalls.queryAttrbuteExcludeList]) {
      expect(await browser.call(call, { ...scope, filter: text })).toMatchObject({ code: 400, errorCode: 'catalog.filterInvalid', msg });
    }
  });

  it('answers clear messages for bad pages, sorts and categories', async () => {
    const products = catalogCalls.queryAttrbuteProductList;
    expect(await browser.call(products, { ...scope, page: 0 })).toMatchObject({ code: 400, errorCode: 'request.invalid', msg: '页码有误' });
    expect(await browser.call(products, { ...scope, sort: 9 })).toMatchObject({ code: 400, errorCode: 'request.invalid', msg: '排序方式有误' });
    expect(await browser.post(products.path, { ...scope, stock: 'yes' })).toMatchObject({ code: 400, errorCode: 'request.invalid', msg: '库存筛选有误' });
    expect(await browser.post(products.path, { page: 1 })).toMatchObject({ code: 400, errorCode: 'request.invalid', msg: '请选择分类' });
    expect(await browser.call(products, { categoryFirstId: 999_999 })).toMatchObject({ code: 404, errorCode: 'catalog.categoryMissing', msg: '该分类不存在' });
    expect(
      await browser.call(catalogCalls.queryAttrbuteExcludeList, { categoryFirstId: f.categories.mcu, categorySecondId: f.categories.chipResistor }),
    ).toMatchObject({
      code: 404,
      errorCode: 'catalog.categoryMissing',
      msg: '该分类不存在',
    });
    expect(await browser.call(catalogCalls.queryAttrbuteExcludeList, { categoryFirstId: f.categories.chipResistor })).toMatchObject({
      code: 404,
      errorCode: 'catalog.categoryMissing',
    });
  });

  it('renders /choose from the URL state: the same selection and results after a reload', async () => {
    const selection = filter({ [f.attributes.resistance]: ['10kΩ'], [f.attributes.package]: ['0603'] });
    const url = `/choose/${scope.categoryFirstId}-${scope.categorySecondId}?filter=${encodeURIComponent(selection)}&sort=1`;
    const response = await browser.get(url);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>贴片电阻_电阻 - 参数选型 - 芯品商城</title>');
    expect(response.body).toContain('RC0603FR-0710KL');
    expect(response.body).not.toContain('RC0402FR-0710KL');
    const state = pageStateOf<ChoosePageData>(response.body);
    expect(state.data.state).toEqual({ filter: JSON.parse(selection) as unknown, stock: 0, sort: 1, page: 1 });
    expect(state.data.products.total).toBe(4);
  });

  it('renders a first-level /choose and answers 404 pages for unknown or malformed categories', async () => {
    expect((await browser.get(`/choose/${scope.categoryFirstId}`)).statusCode).toBe(200);
    expect((await browser.get(`/choose/${scope.categoryFirstId}?filter=%7Bbroken`)).statusCode).toBe(200);
    for (const path of ['/choose/999999', `/choose/${f.categories.mcu}-${f.categories.chipResistor}`, '/choose/abc', `/choose/${scope.categoryFirstId}-x`]) {
      const response = await browser.get(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.body).toContain('抱歉，您访问的页面不存在');
    }
  });

  it('renders /catalogue with every group, first- and second-level category, counts and links', async () => {
    const response = await browser.get('/catalogue');
    expect(response.statusCode).toBe(200);
    for (const text of ['被动元件', '集成电路(IC)', '电阻', '贴片电阻', '(48)', 'ARM单片机', '(4)']) expect(response.body).toContain(text);
    expect(response.body).toContain(`href="/choose/${f.categories.resistor}-${f.categories.chipResistor}"`);
    expect(response.body).toContain(`href="/choose/${f.categories.mcu}"`);
  });
});
