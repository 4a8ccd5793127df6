import { beforeEach, describe, expect, it } from 'vitest';
import type { DiscountPageData } from '../../../web/pages/discount-page.tsx';
import { pageStateOf } from '../../testing/page-state.ts';
import type { TestBrowser } from '../../testing/test-app.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
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

  it('lists the parts chosen for the IC zone (the fixture chose its chip categories)', async () => {
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

  it('follows the per-product choice, not the category: a resistor chosen in, an MCU taken out', async () => {
    const resistorCode = f.resistorCodes[0] ?? '';
    const resistorId = f.products.get(resistorCode) ?? 0;
    const mcuId = f.products.get('STM32F103C8T6') ?? 0;
    await t.db.kysely.updateTable('products').set({ isIcZone: 1 }).where('id', '=', resistorId).execute();
    await t.db.kysely.updateTable('products').set({ isIcZone: 0 }).where('id', '=', mcuId).execute();
    try {
      const codes = (await zone('subject=A03')).data.products.list.map((part) => part.code);
      expect(codes).toContain(resistorCode);
      expect(codes).not.toContain('STM32F103C8T6');
      expect(codes).toHaveLength(7);
    } finally {
      await t.db.kysely.updateTable('products').set({ isIcZone: 0 }).where('id', '=', resistorId).execute();
      await t.db.kysely.updateTable('products').set({ isIcZone: 1 }).where('id', '=', mcuId).execute();
    }
  });
});
