import { describe, expect, it } from 'vitest';
import { cartCalls } from '../../contract/cart-calls.ts';
import type { HomeData } from '../../contract/home.ts';
import { insertProduct } from '../testing/factories.ts';
import { pageStateOf } from '../testing/page-state.ts';
import { useTestApp } from '../testing/use-test-app.ts';
import { insertCatalogFixture } from './catalog/testing/catalog-fixture.ts';

/**
 * Unit prices below ¥1 show to 0.0001 yuan on every page that shows one, and amounts (a pack, a
 * line, the cart) are unit × quantity rounded once to fen (docs/decisions/0010).
 */

/** The 0603 resistor: ¥0.0023 a piece at 100, in packs of 100, on offer at its first tier. */
const resistorTiers = [
  { qtyStart: 100, priceE4: 23, originalPriceE4: 29 },
  { qtyStart: 1000, priceE4: 18 },
  { qtyStart: 5000, priceE4: 12 },
];
/** An MCU above ¥1 with sub-fen parts: ¥12.8345, ¥11.50, ¥10.8045. */
const mcuTiers = [
  { qtyStart: 1, priceE4: 128_345 },
  { qtyStart: 10, priceE4: 115_000 },
  { qtyStart: 30, priceE4: 108_045 },
];

/** The text of every element whose class attribute is exactly `className`, tags and React's text separators dropped. */
function textsOf(html: string, className: string): string[] {
  const pattern = new RegExp(`<(\\w+) class="${className}"[^>]*>([\\s\\S]*?)</\\1>`, 'g');
  return [...html.matchAll(pattern)].map((match) => (match[2] ?? '').replace(/<!-- -->|<[^>]+>/g, ''));
}

function byTestId(html: string, testId: string): string[] {
  return [...html.matchAll(new RegExp(`data-testid="${testId}">([^<]*)<`, 'g'))].map((match) => match[1] ?? '');
}

/** The HTML of one list row, from its product id to the next row. */
function rowOf(html: string, productId: number): string {
  const start = html.indexOf(`data-product-id="${productId}"`);
  if (start < 0) throw new Error(`no row for product ${productId}`);
  const next = html.indexOf('data-product-id="', start + 1);
  return html.slice(start, next < 0 ? undefined : next);
}

describe('unit prices below ¥1 on every page, amounts rounded once', () => {
  const t = useTestApp({
    fixture: async (app) => {
      const catalog = await insertCatalogFixture(app.db);
      const resistor = await insertProduct(app.db.kysely, {
        code: 'UNITPRICE-0603-2K2',
        description: '贴片电阻 2.2kΩ ±1% 0603',
        brandId: catalog.brands.yageo,
        categoryFirstId: catalog.categories.resistor,
        categorySecondId: catalog.categories.chipResistor,
        package: '0603',
        packSize: 100,
        stock: 500_000,
        isSpecialOffer: 1,
        prices: resistorTiers,
      });
      const mcu = await insertProduct(app.db.kysely, {
        code: 'UNITPRICE-MCU-LQFP48',
        description: 'ARM Cortex-M3 单片机',
        brandId: catalog.brands.st,
        categoryFirstId: catalog.categories.mcu,
        categorySecondId: catalog.categories.armMcu,
        package: 'LQFP-48',
        stock: 1000,
        prices: mcuTiers,
      });
      await app.db.kysely
        .insertInto('homeProducts')
        .values([
          { productId: resistor, slide: 1 },
          { productId: mcu, slide: 1 },
        ])
        .execute();
      return { catalog, resistor, mcu };
    },
  });

  const page = async (url: string) => {
    const response = await t.browser().get(url);
    expect(response.statusCode, url).toBe(200);
    return response.body;
  };

  it('the product page’s tier table shows each tier to 0.0001 yuan and whole packs and the total in fen', async () => {
    const html = await page(`/product/detail/${t.fixture.resistor}`);
    expect(textsOf(html, 'price')).toEqual(expect.arrayContaining(['¥0.0023', '¥0.0018', '¥0.0012']));
    expect(textsOf(html, 'price-tiers__original')).toEqual(['¥0.0029', '¥0.29']);
    expect(textsOf(html, 'price-tiers__pack')).toEqual(['¥0.23¥0.29', '¥0.18', '¥0.12']);
    // 100 pieces at ¥0.0023 (the page starts at the first tier).
    expect(textsOf(html, 'price price--large')).toEqual(['¥0.23']);

    const mcuHtml = await page(`/product/detail/${t.fixture.mcu}`);
    expect(textsOf(mcuHtml, 'price-tiers__price')).toEqual(['¥12.8345', '¥11.50', '¥10.8045']);
    expect(textsOf(mcuHtml, 'price price--large')).toEqual(['¥12.83']);
  });

  it('lists show unit prices to 0.0001 yuan: parametric choice, special offers, search', async () => {
    const { catalog, resistor } = t.fixture;
    const choose = rowOf(await page(`/choose/${catalog.categories.resistor}-${catalog.categories.chipResistor}?sort=1`), resistor);
    expect(textsOf(choose, 'price')).toEqual(['¥0.0023', '¥0.0018', '¥0.0012']);
    expect(textsOf(choose, 'price-tiers__pack')).toEqual(['¥0.23/包¥0.29', '¥0.18/包', '¥0.12/包']);

    const offers = rowOf(await page('/product/discount?subject=A01&sort=1'), resistor);
    expect(offers).toContain('<span class="price">¥0.0023</span><del class="price-tiers__original">¥0.0029</del>');

    const search = rowOf(await page('/search?key=UNITPRICE-0603-2K2'), resistor);
    expect(textsOf(search, 'search-result__unit-price')).toEqual(['¥0.0023']);
    expect(textsOf(search, 'price')).toEqual(['¥0.0023', '¥0.0018', '¥0.0012']);
  });

  it('the mobile product page and the home stands show single-piece prices to 0.0001 yuan', async () => {
    const { resistor, mcu } = t.fixture;
    const mobile = await page(`/m/product/detail/${resistor}`);
    expect(textsOf(mobile, 'm-product__price')).toEqual(['¥0.0023/个']);
    expect(textsOf(mobile, 'price')).toEqual(['¥0.0023', '¥0.0018', '¥0.0012']);

    const home = await page('/');
    const stand = pageStateOf<HomeData>(home).data.productList.flat();
    expect(stand.map((product) => [product.productId, product.price])).toEqual([
      [resistor, 0.0023],
      [mcu, 12.8345],
    ]);
    expect(textsOf(home, 'stand-card__price')).toEqual(['¥0.0023起', '¥12.8345起']);
    expect(await page('/m')).toContain('¥0.0023<small>起</small>');
  });

  it('the cart shows the unit price to 0.0001 yuan and line subtotals as unit × quantity rounded once', async () => {
    const { resistor, mcu } = t.fixture;
    const member = await t.member();
    await member.browser.callOk(cartCalls.add, { productId: resistor, quantity: 100 });
    // 30 × ¥10.8045 = ¥324.135: the half fen rounds up, once, for the whole line.
    await member.browser.callOk(cartCalls.add, { productId: mcu, quantity: 30 });
    const cart = await member.browser.callOk(cartCalls.queryList, {});
    expect(cart.lines.map((line) => [line.product.productId, line.unitPriceE4, line.subtotalCents])).toEqual([
      [mcu, 108_045, 32_414],
      [resistor, 23, 23],
    ]);
    expect(cart.selectedTotalCents).toBe(32_437);

    const response = await member.browser.get('/cart');
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(byTestId(html, 'line-unit-price')).toEqual(['¥10.8045', '¥0.0023']);
    expect(textsOf(html, 'cart-line__pack')).toEqual(['¥0.23/包']);
    expect(byTestId(html, 'line-subtotal')).toEqual(['¥324.14', '¥0.23']);
    expect(byTestId(html, 'selected-total')).toEqual(['¥324.37']);
  });
});
