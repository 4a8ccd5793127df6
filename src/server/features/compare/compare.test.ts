import { describe, expect, it } from 'vitest';
import type { CompareData } from '../../../contract/compare.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import { insertProduct } from '../../testing/factories.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { insertCatalogFixture, type CatalogFixture } from '../catalog/testing/catalog-fixture.ts';
import { loadComparison } from './compare.service.ts';

const t = useTestApp({
  fixture: async (app) => {
    const catalog: CatalogFixture = await insertCatalogFixture(app.db);
    const { attributes: a } = catalog;
    const resistor = (code: string, resistance: string, tolerance: string, extra: { attributeId: number; valueText: string }[] = []) =>
      insertProduct(app.db.kysely, {
        brandId: catalog.brands.yageo,
        categoryFirstId: catalog.categories.resistor,
        categorySecondId: catalog.categories.chipResistor,
        code,
        package: '0603',
        stock: 4000,
        packSize: 5000,
        prices: [
          { qtyStart: 5000, priceE4: 20 },
          { qtyStart: 50_000, priceE4: 15 },
        ],
        params: [
          { attributeId: a.resistance, valueText: resistance },
          { attributeId: a.tolerance, valueText: tolerance },
          { attributeId: a.package, valueText: '0603' },
          ...extra,
        ],
      });
    return {
      ids: [
        await resistor('CMP-R-1', '10kΩ', '±1%'),
        await resistor('CMP-R-2', '4.7kΩ', '±1%'),
        await resistor('CMP-R-3', '10kΩ', '±1%', [{ attributeId: a.power, valueText: '100mW' }]),
        await resistor('CMP-R-4', '1kΩ', '±5%'),
        await resistor('CMP-R-5', '100kΩ', '±5%'),
      ],
    };
  },
});

const rowOf = (data: CompareData, label: string) => data.rows.find((row) => row.label === label);

describe('商品对比: /product/compare?ids=', () => {
  it('sets the parts side by side: facts, then every parameter any part has, the rows where they differ marked', async () => {
    const [first, second, third] = t.fixture.ids;
    const data = await loadComparison(t.db.kysely, `${String(first)},${String(second)},${String(third)}`);
    expect(data.parts.map((part) => part.code)).toEqual(['CMP-R-1', 'CMP-R-2', 'CMP-R-3']);
    expect(data).toMatchObject({ missingIds: [], isCut: false });
    expect(rowOf(data, '品牌')).toMatchObject({ isDifferent: false });
    expect(rowOf(data, '封装')).toMatchObject({ values: ['0603', '0603', '0603'], isDifferent: false });
    expect(rowOf(data, '价格梯度（含税）')).toMatchObject({ kind: 'tiers', values: Array(3).fill('5,000+  ¥0.002\n50,000+  ¥0.0015'), isDifferent: false });
    expect(rowOf(data, '库存')?.values).toEqual(['4,000', '4,000', '4,000']);
    expect(rowOf(data, '起订量')?.values).toEqual(['5,000', '5,000', '5,000']);
    expect(rowOf(data, '阻值')).toMatchObject({ values: ['10kΩ', '4.7kΩ', '10kΩ'], isDifferent: true });
    expect(rowOf(data, '精度')).toMatchObject({ values: ['±1%', '±1%', '±1%'], isDifferent: false });
    expect(rowOf(data, '功率')).toMatchObject({ values: ['—', '—', '100mW'], isDifferent: true });
    // The package parameter is the 封装 row already.
    expect(data.rows.filter((row) => row.label === '封装')).toHaveLength(1);
  });

  it('leaves out unknown ids and says so, and compares at most four parts', async () => {
    const ids = t.fixture.ids;
    const withUnknown = await loadComparison(t.db.kysely, `${String(ids[0])},999999,abc,${String(ids[1])}`);
    expect(withUnknown.parts.map((part) => part.productId)).toEqual([ids[0], ids[1]]);
    expect(withUnknown.missingIds).toEqual([999_999]);
    const five = await loadComparison(t.db.kysely, ids.join(','));
    expect(five.parts).toHaveLength(4);
    expect(five.isCut).toBe(true);
    expect(five.rows.every((row) => row.values.length === 4)).toBe(true);
    const none = await loadComparison(t.db.kysely, 'x,y');
    expect(none).toEqual({ parts: [], rows: [], missingIds: [], isCut: false });
  });

  it('renders the page for visitors, not indexed, with one part not marking differences', async () => {
    const [first] = t.fixture.ids;
    const response = await t.browser().get(`/product/compare?ids=${String(first)}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('noindex');
    const data = pageStateOf<CompareData>(response.body).data;
    expect(data.parts).toHaveLength(1);
    expect(data.rows.some((row) => row.isDifferent)).toBe(false);
    const empty = await t.browser().get('/product/compare');
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toContain('还没有选择要对比的商品');
  });
});
