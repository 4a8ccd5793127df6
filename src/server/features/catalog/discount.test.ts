import { beforeEach, describe, expect, it } from 'vitest';
import type { DiscountPageData } from '../../../web/pages/discount-page.tsx';
import { pageStateOf } from '../../testing/page-state.ts';
import type { TestBrowser } from '../../testing/test-app.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { isIcCategory } from './discount.service.ts';
import { insertCatalogFixture, type CatalogFixture } from './testing/catalog-fixture.ts';

describe('zones: /product/discount?subject=A01 (special offers) and A03 (IC zone)', () => {
  const t = useTestApp({ fixture: (app) => insertCatalogFixture(app.db) });
  let f: CatalogFixture;
  let browser: TestBrowser;
  beforeEach(() => {
    f = t.fixture;
    browser = t.browser();
  });

  const zone = async (query: string) => {
    const response = await browser.get(`/product/discount?${query}`);
    expect(response.statusCode).toBe(200);
    return { html: response.body, data: pageStateOf<DiscountPageData>(response.body).data };
  };

  it('lists the special offers with the offer price beside the original struck through', async () => {
    const { html, data } = await zone('subject=A01');
    expect(html).toContain('<title>特价专区 - 芯品商城</title>');
    expect(data.products.total).toBe(5);
    expect(data.products.list.every((part) => part.isSpecialOffer)).toBe(true);
    expect(html).toMatch(/<span class="price">¥[\d.]+<\/span><del class="price-tiers__original">¥[\d.]+<\/del>/);
  });

  it('lists the parts of IC categories in the IC zone', async () => {
    const { html, data } = await zone('subject=A03');
    expect(html).toContain('<title>IC专区 - 芯品商城</title>');
    expect(data.products.total).toBe(7);
    expect(new Set(data.products.list.map((part) => part.categoryFirstId))).toEqual(new Set([f.categories.mcu, f.categories.power]));
    expect(data.products.categories.map((category) => [category.categoryName, category.count])).toEqual([
      ['ARM单片机', 4],
      ['线性稳压器(LDO)', 3],
    ]);
  });

  it('filters, sorts and pages the zones', async () => {
    expect((await zone(`subject=A03&category=${f.categories.ldo}`)).data.products.total).toBe(3);
    expect((await zone('subject=A03&stock=1')).data.products.total).toBe(5);
    expect((await zone('subject=A03&package=LQFP-48')).data.products.list.map((part) => part.code)).toEqual(['STM32F103C8T6']);
    const prices = (await zone('subject=A03&sort=2')).data.products.list.map((part) => part.priceTiers[0]?.priceE4 ?? 0);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    expect((await zone('subject=A03&page=2')).data.products.list).toEqual([]);
  });

  it.each(['', 'subject=A02', 'subject=a01', 'subject=&subject=A01'])('answers a 404 page for ?%s', async (query) => {
    const response = await browser.get(`/product/discount?${query}`);
    expect(response.statusCode).toBe(404);
  });

  // Pages read the first value of a repeated parameter, as a browser form sends one (ssr/render-page.tsx).
  it('reads the first of repeated subjects', async () => {
    const { html, data } = await zone('subject=A01&subject=A03');
    expect(html).toContain('<title>特价专区 - 芯品商城</title>');
    expect(data.subject).toBe('A01');
  });

  it.each([
    ['嵌入式处理器/存储', '单片机(MCU)', true],
    ['嵌入式处理器/存储', '无线模块', false],
    ['电源管理芯片', 'DC-DC转换器', true],
    ['模拟/接口/逻辑', '接口芯片', true],
    ['被动元件', '电阻', false],
    ['连接器', '连接器', false],
  ])('counts %s / %s as IC: %s', (group, first, expected) => {
    expect(isIcCategory(group, first)).toBe(expected);
  });
});
