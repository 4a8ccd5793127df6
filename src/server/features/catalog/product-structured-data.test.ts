import type { BreadcrumbList, ListItem, Offer, Product, UnitPriceSpecification, WithContext } from 'schema-dts';
import { describe, expect, it } from 'vitest';
import { insertProduct } from '../../testing/factories.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { insertCatalogFixture } from './testing/catalog-fixture.ts';

const origin = 'https://www.xinpin.example';
const hostileDescription = '贴片电阻 </script><script>alert(1)</script> & <!-- 注释';

/** The JSON-LD blocks of a page, parsed as a search engine would. */
function structuredDataOf(html: string): Record<string, unknown>[] {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  return blocks.map((block) => JSON.parse(block[1] ?? '') as Record<string, unknown>);
}

function blockOf(html: string, type: string): unknown {
  const block = structuredDataOf(html).find((candidate) => candidate['@type'] === type);
  if (!block) throw new Error(`no ${type} block`);
  return block;
}

describe('product pages carry schema.org Product and BreadcrumbList JSON-LD', () => {
  const t = useTestApp({
    app: { env: { PUBLIC_BASE_URL: origin, IMAGE_BASE_URL: 'https://img.xinpin.example/' } },
    fixture: async (app) => {
      const catalog = await insertCatalogFixture(app.db);
      const base = { brandId: catalog.brands.yageo, categoryFirstId: catalog.categories.resistor, categorySecondId: catalog.categories.chipResistor };
      // Codes the fixture has not: one product per brand and part number (products_code_norm_unique).
      const tiered = await insertProduct(app.db.kysely, {
        ...base,
        code: 'RC1206FR-0710KL',
        stock: 12_000,
        imagePath: 'product/rc0603.jpg',
        description: hostileDescription,
        prices: [
          { qtyStart: 1, priceE4: 230 },
          { qtyStart: 100, priceE4: 125 },
          { qtyStart: 1000, priceE4: 98 },
        ],
      });
      const soldOut = await insertProduct(app.db.kysely, { ...base, code: 'RC1206FR-074K7L', stock: 0, prices: [{ qtyStart: 10, priceE4: 500_000 }] });
      return { catalog, tiered, soldOut };
    },
  });

  const pageOf = async (productId: number) => {
    const response = await t.browser().get(`/product/detail/${productId}`);
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  it('gives name, brand, mpn, sku, image, category, and an in-stock offer with every price tier', async () => {
    const { tiered } = t.fixture;
    const product = blockOf(await pageOf(tiered), 'Product') as WithContext<Product>;
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      name: 'RC1206FR-0710KL YAGEO(国巨)',
      mpn: 'RC1206FR-0710KL',
      sku: String(tiered),
      brand: { '@type': 'Brand', name: 'YAGEO(国巨)' },
      image: 'https://img.xinpin.example/product/rc0603.jpg',
      description: hostileDescription,
      category: '电阻 > 贴片电阻',
      url: `${origin}/product/detail/${tiered}`,
    });
    const offer = product.offers as Offer;
    expect(offer).toMatchObject({
      '@type': 'Offer',
      price: '0.023',
      priceCurrency: 'CNY',
      availability: 'https://schema.org/InStock',
      url: `${origin}/product/detail/${tiered}`,
      seller: { '@type': 'Organization', name: '芯品商城' },
    });
    const tiers = offer.priceSpecification as UnitPriceSpecification[];
    expect(tiers.map((tier) => [tier.price, tier.priceCurrency, tier.eligibleQuantity])).toEqual([
      ['0.023', 'CNY', { '@type': 'QuantitativeValue', minValue: 1, maxValue: 99, unitCode: 'C62' }],
      ['0.0125', 'CNY', { '@type': 'QuantitativeValue', minValue: 100, maxValue: 999, unitCode: 'C62' }],
      ['0.0098', 'CNY', { '@type': 'QuantitativeValue', minValue: 1000, unitCode: 'C62' }],
    ]);
  });

  it('says OutOfStock for a part with no stock', async () => {
    const offer = (blockOf(await pageOf(t.fixture.soldOut), 'Product') as Product & { offers: Offer }).offers;
    expect(offer).toMatchObject({ availability: 'https://schema.org/OutOfStock', price: '50.00' });
  });

  it('cannot be ended early by a "</script>" in the data', async () => {
    const html = await pageOf(t.fixture.tiered);
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html).toContain('\\u003c/script\\u003e');
  });

  it('gives the category trail as a BreadcrumbList on product and category pages', async () => {
    const { catalog, tiered } = t.fixture;
    const { resistor, chipResistor } = catalog.categories;
    const trail = (html: string) =>
      ((blockOf(html, 'BreadcrumbList') as BreadcrumbList).itemListElement as ListItem[]).map((item) => [item.position, item.name, item.item]);
    expect(trail(await pageOf(tiered))).toEqual([
      [1, '首页', `${origin}/`],
      [2, '元器件分类', `${origin}/catalogue`],
      [3, '电阻', `${origin}/choose/${resistor}`],
      [4, '贴片电阻', `${origin}/choose/${resistor}-${chipResistor}`],
      [5, 'RC1206FR-0710KL', `${origin}/product/detail/${tiered}`],
    ]);
    const choose = await t.browser().get(`/choose/${resistor}-${chipResistor}`);
    expect(trail(choose.body).map((step) => step[1])).toEqual(['首页', '元器件分类', '电阻', '贴片电阻']);
  });

  it('shares the product picture and type with link previews', async () => {
    const html = await pageOf(t.fixture.tiered);
    expect(html).toContain('<meta property="og:type" content="product">');
    expect(html).toContain('<meta property="og:image" content="https://img.xinpin.example/product/rc0603.jpg">');
  });
});
