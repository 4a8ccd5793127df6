import { describe, expect, it } from 'vitest';
import { insertProduct } from '../../testing/factories.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { insertCatalogFixture } from '../catalog/testing/catalog-fixture.ts';
import { buildOpenApiDocument } from './open-api.document.ts';
import { memberWithKey, openRequest } from './testing/open-platform-fixture.ts';

interface OpenProduct {
  productId: number;
  factoryLeadWeeks: number | null;
  packaging: string | null;
  compliance: { rohs: boolean; reach: string; msl: string | null; eccn: string | null; countryOfOrigin: string | null };
  cadModels: { symbolUrl: string | null; footprintUrl: string | null; model3dUrl: string | null };
}

/** The Product of /open/v1 carries the purchasing data (issue 28); every answer is checked against the document by openRequest. */
describe('open API: purchasing data on Product', () => {
  const t = useTestApp({ fixture: async (app) => insertCatalogFixture(app.db) });

  it('documents compliance, packaging, factory lead time and the CAD models in the Product component', () => {
    const document = buildOpenApiDocument('http://localhost');
    const schemas: Record<string, unknown> = document.components.schemas;
    const product = schemas.Product as { properties: Record<string, unknown>; required: string[] };
    expect(product.required).toEqual(expect.arrayContaining(['factoryLeadWeeks', 'packaging', 'compliance', 'cadModels']));
    expect(JSON.stringify(product.properties.packaging)).toContain('tape_reel');
    expect(JSON.stringify(product.properties.compliance)).toContain('countryOfOrigin');
  });

  it('answers a part with its purchasing data, and a part without it as unknown and null', async () => {
    const { created } = await memberWithKey(t, '采购系统');
    const place = { brandId: t.fixture.brands.st, categoryFirstId: t.fixture.categories.mcu, categorySecondId: t.fixture.categories.armMcu };
    const full = await insertProduct(t.db.kysely, {
      ...place,
      code: 'OPEN-PUR-1',
      isRohs: 1,
      reachStatus: 'compliant',
      msl: '3',
      eccn: '3A991.a.2',
      originCountry: 'MY',
      packaging: 'tray',
      factoryLeadWeeks: 14,
      cadSymbolUrl: 'https://cad.example.com/open-pur-1.sym',
      cadFootprintUrl: 'https://cad.example.com/open-pur-1.fp',
      cadModelUrl: 'https://cad.example.com/open-pur-1.step',
    });
    const bare = await insertProduct(t.db.kysely, { ...place, code: 'OPEN-PUR-2', isRohs: 0 });

    const answer = await openRequest(t, 'GET', `/open/v1/products/${full}`, { apiKey: created.key });
    expect(answer.statusCode, answer.body).toBe(200);
    const product = answer.json<{ data: { product: OpenProduct } }>().data.product;
    expect(product).toMatchObject({
      productId: full,
      factoryLeadWeeks: 14,
      packaging: 'tray',
      compliance: { rohs: true, reach: 'compliant', msl: '3', eccn: '3A991.a.2', countryOfOrigin: 'MY' },
      cadModels: {
        symbolUrl: 'https://cad.example.com/open-pur-1.sym',
        footprintUrl: 'https://cad.example.com/open-pur-1.fp',
        model3dUrl: 'https://cad.example.com/open-pur-1.step',
      },
    });

    const other = (await openRequest(t, 'GET', `/open/v1/products/${bare}`, { apiKey: created.key })).json<{ data: { product: OpenProduct } }>();
    expect(other.data.product).toMatchObject({
      factoryLeadWeeks: null,
      packaging: null,
      compliance: { rohs: false, reach: 'unknown', msl: null, eccn: null, countryOfOrigin: null },
      cadModels: { symbolUrl: null, footprintUrl: null, model3dUrl: null },
    });
  });

  it('gives every part of a search page its purchasing data', async () => {
    const { created } = await memberWithKey(t, '采购系统2');
    const answer = await openRequest(t, 'GET', '/open/v1/search?keyword=STM32', { apiKey: created.key });
    const items = answer.json<{ data: { items: OpenProduct[] } }>().data.items;
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(['compliant', 'non_compliant', 'unknown']).toContain(item.compliance.reach);
      expect(typeof item.compliance.rohs).toBe('boolean');
    }
  });
});
