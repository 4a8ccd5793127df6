import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizePartNumber } from '../../contract/part-number.ts';
import { createTestDb, type TestDb } from '../testing/test-db.ts';
import { seedCatalog } from './catalog-seed.ts';
import { isIcCategory } from './ic-zone.ts';

const skus = 500;
let db: TestDb;

beforeAll(async () => {
  db = await createTestDb();
  await seedCatalog(db, { skus });
});
afterAll(async () => {
  await db.drop();
});

async function productDigest(target: TestDb, id: number): Promise<string> {
  // The columns the seed writes, named: a column another feature adds later must not change the digest.
  const product = await target.kysely
    .selectFrom('products')
    .select([
      'id',
      'code',
      'codeNorm',
      'brandId',
      'categoryFirstId',
      'categorySecondId',
      'package',
      'description',
      'lifecycle',
      'isRohs',
      'datasheetUrl',
      'stock',
      'packSize',
      'imagePath',
      'label',
      'isSpecialOffer',
      'createdAt',
      'updatedAt',
    ])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const prices = await target.kysely
    .selectFrom('productPrices')
    .select(['qtyStart', 'qtyEnd', 'priceE4', 'originalPriceE4'])
    .where('productId', '=', id)
    .orderBy('qtyStart')
    .execute();
  const params = await target.kysely
    .selectFrom('productParams')
    .select(['attributeId', 'valueText', 'valueNum'])
    .where('productId', '=', id)
    .orderBy('attributeId')
    .execute();
  return createHash('sha256').update(JSON.stringify({ product, prices, params })).digest('hex');
}

async function paramsOf(code: string, brandNameEn: string) {
  const product = await db.kysely
    .selectFrom('products')
    .innerJoin('brands', 'brands.id', 'products.brandId')
    .select(['products.id', 'products.package', 'products.description', 'products.categorySecondId'])
    .where('products.code', '=', code)
    .where('brands.nameEn', '=', brandNameEn)
    .executeTakeFirst();
  if (!product) return null;
  const rows = await db.kysely
    .selectFrom('productParams')
    .innerJoin('attributes', 'attributes.id', 'productParams.attributeId')
    .select(['attributes.name', 'productParams.valueText', 'productParams.valueNum'])
    .where('productParams.productId', '=', product.id)
    .execute();
  const category = await db.kysely.selectFrom('categories').select('name').where('id', '=', product.categorySecondId).executeTakeFirstOrThrow();
  return { ...product, category: category.name, params: Object.fromEntries(rows.map((row) => [row.name, { text: row.valueText, num: row.valueNum }])) };
}

describe('seedCatalog', () => {
  it('writes the same rows for the same N (first and last product, prices and parameters)', async () => {
    const again = await createTestDb();
    try {
      const counts = await seedCatalog(again, { skus });
      expect(counts.products).toBe(skus);
      for (const id of [1, 2, 250, skus]) expect(await productDigest(again, id)).toBe(await productDigest(db, id));
      const total = async (target: TestDb) => {
        const [prices, params] = await Promise.all([
          target.kysely
            .selectFrom('productPrices')
            .select((eb) => eb.fn.sum<number>('priceE4').as('sum'))
            .executeTakeFirstOrThrow(),
          target.kysely
            .selectFrom('productParams')
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .executeTakeFirstOrThrow(),
        ]);
        return [prices.sum, params.count];
      };
      expect(await total(again)).toEqual(await total(db));
    } finally {
      await again.drop();
    }
  });

  it('writes the same first and last products on every machine and engine', async () => {
    // Pinned: a change to the generator changes these on purpose, and the new values go here.
    expect(await productDigest(db, 1)).toBe('e3c43de422ad68e0e9618c452ed751d116631beb8d3616edfc1abe9954264c17');
    expect(await productDigest(db, skus)).toBe('6c55389a119c614b18232b3684a1b2590378b4189a6a1299b3ee5ff2f6bf2de4');
  });

  it('builds a mega-menu tree: 8+ groups, a first level with more than 21 second levels, names longer than 9 characters', async () => {
    const groups = await db.kysely.selectFrom('categoryGroups').select(['id', 'name']).execute();
    expect(groups.length).toBeGreaterThanOrEqual(8);
    const categories = await db.kysely.selectFrom('categories').select(['id', 'parentId', 'level', 'name', 'groupId']).execute();
    const childCounts = new Map<number, number>();
    for (const row of categories) if (row.level === 2 && row.parentId !== null) childCounts.set(row.parentId, (childCounts.get(row.parentId) ?? 0) + 1);
    expect(Math.max(...childCounts.values())).toBeGreaterThan(21);
    expect(categories.some((row) => row.level === 2 && Array.from(row.name).length > 9)).toBe(true);
    for (const group of groups) expect(categories.some((row) => row.level === 1 && row.groupId === group.id)).toBe(true);
  });

  it('keeps skuCount equal to the products of each second level, and first levels the sum of theirs', async () => {
    const categories = await db.kysely.selectFrom('categories').select(['id', 'parentId', 'level', 'skuCount']).execute();
    const bySecond = await db.kysely
      .selectFrom('products')
      .select(['categorySecondId', (eb) => eb.fn.countAll<number>().as('count')])
      .groupBy('categorySecondId')
      .execute();
    const byFirst = await db.kysely
      .selectFrom('products')
      .select(['categoryFirstId', (eb) => eb.fn.countAll<number>().as('count')])
      .groupBy('categoryFirstId')
      .execute();
    const secondCounts = new Map(bySecond.map((row) => [row.categorySecondId, row.count]));
    const firstCounts = new Map(byFirst.map((row) => [row.categoryFirstId, row.count]));
    for (const category of categories) {
      if (category.level === 2) expect(category.skuCount).toBe(secondCounts.get(category.id) ?? 0);
      else {
        const children = categories.filter((child) => child.parentId === category.id).reduce((sum, child) => sum + child.skuCount, 0);
        expect(category.skuCount).toBe(children);
        expect(category.skuCount).toBe(firstCounts.get(category.id) ?? 0);
      }
    }
    expect(categories.filter((row) => row.level === 2).every((row) => row.skuCount > 0)).toBe(true);
  });

  it('gives every product 3–6 price tiers: ascending starts in whole packs, contiguous ends, unit price never rising', async () => {
    const products = await db.kysely.selectFrom('products').select(['id', 'packSize', 'isSpecialOffer']).execute();
    const prices = await db.kysely.selectFrom('productPrices').selectAll().orderBy('productId').orderBy('qtyStart').execute();
    const tiersOf = new Map<number, typeof prices>();
    for (const tier of prices) tiersOf.set(tier.productId, [...(tiersOf.get(tier.productId) ?? []), tier]);
    for (const product of products) {
      const tiers = tiersOf.get(product.id) ?? [];
      expect(tiers.length).toBeGreaterThanOrEqual(3);
      expect(tiers.length).toBeLessThanOrEqual(6);
      expect(tiers[0]?.qtyStart).toBe(product.packSize);
      tiers.forEach((tier, index) => {
        const next = tiers[index + 1];
        expect(tier.qtyStart % product.packSize).toBe(0);
        expect(tier.priceE4).toBeGreaterThan(0);
        expect(tier.qtyEnd).toBe(next ? next.qtyStart - 1 : null);
        if (next) {
          expect(next.qtyStart).toBeGreaterThan(tier.qtyStart);
          expect(next.priceE4).toBeLessThanOrEqual(tier.priceE4);
        }
        if (product.isSpecialOffer) expect(tier.originalPriceE4 ?? 0).toBeGreaterThan(tier.priceE4);
        else expect(tier.originalPriceE4).toBeNull();
      });
    }
  });

  it('writes the first-tier price of each product beside it, as the price triggers would', async () => {
    const products = await db.kysely.selectFrom('products').select(['id', 'firstTierPriceE4']).execute();
    const firstTiers = await db.kysely
      .selectFrom('productPrices')
      .select(['productId', 'priceE4'])
      .where('qtyStart', '=', (eb) =>
        eb
          .selectFrom('productPrices as pp')
          .select((inner) => inner.fn.min('pp.qtyStart').as('q'))
          .whereRef('pp.productId', '=', 'productPrices.productId'),
      )
      .execute();
    const expected = new Map(firstTiers.map((row) => [row.productId, row.priceE4]));
    expect(products.length).toBe(skus);
    for (const product of products) expect(product.firstTierPriceE4).toBe(expected.get(product.id));
  });

  it('mixes stock, lifecycles, labels and special offers', async () => {
    const products = await db.kysely
      .selectFrom('products')
      .select(['stock', 'packSize', 'lifecycle', 'label', 'isSpecialOffer', 'imagePath', 'datasheetUrl'])
      .execute();
    expect(products.some((row) => row.stock === 0)).toBe(true);
    expect(products.filter((row) => row.stock > 0).length).toBeGreaterThan(skus * 0.8);
    expect(products.every((row) => row.stock % row.packSize === 0)).toBe(true);
    expect(new Set(products.map((row) => row.lifecycle))).toEqual(new Set(['active', 'nrnd', 'eol']));
    expect(products.some((row) => row.label === '热卖')).toBe(true);
    expect(products.some((row) => row.label === '新品')).toBe(true);
    const offers = products.filter((row) => row.isSpecialOffer === 1).length;
    expect(offers).toBeGreaterThan(skus * 0.01);
    expect(offers).toBeLessThan(skus * 0.06);
    expect(products.every((row) => row.imagePath?.startsWith('package/') && row.imagePath.endsWith('.svg'))).toBe(true);
    expect(products.some((row) => row.datasheetUrl?.startsWith('https://'))).toBe(true);
  });

  it("puts the chip groups' parts in the IC zone (A03) and no others, as the shop derived the zone before", async () => {
    const rows = await db.kysely
      .selectFrom('products as p')
      .innerJoin('categories as c', 'c.id', 'p.categoryFirstId')
      .innerJoin('categoryGroups as g', 'g.id', 'c.groupId')
      .select(['p.isIcZone', 'c.name as firstName', 'g.name as groupName'])
      .execute();
    expect(rows).toHaveLength(skus);
    for (const row of rows) expect(row.isIcZone, `${row.groupName} / ${row.firstName}`).toBe(isIcCategory(row.groupName, row.firstName) ? 1 : 0);
    const inZone = rows.filter((row) => row.isIcZone === 1).length;
    expect(inZone).toBeGreaterThan(skus * 0.1);
    expect(inZone).toBeLessThan(skus);
  });

  it('keeps codes unique per brand with codeNorm in the normal form', async () => {
    const products = await db.kysely.selectFrom('products').select(['brandId', 'code', 'codeNorm', 'codeNormDup']).execute();
    expect(new Set(products.map((row) => `${row.brandId}|${row.codeNorm}`)).size).toBe(products.length);
    expect(products.every((row) => row.codeNormDup === 0)).toBe(true);
    for (const row of products) expect(row.codeNorm).toBe(normalizePartNumber(row.code));
  });

  it('stores only parameters the category declares, numeric ones with a value in the base unit', async () => {
    const rows = await db.kysely
      .selectFrom('productParams')
      .innerJoin('products', 'products.id', 'productParams.productId')
      .innerJoin('attributes', 'attributes.id', 'productParams.attributeId')
      .leftJoin('categoryAttributes', (join) =>
        join.onRef('categoryAttributes.categoryId', '=', 'products.categorySecondId').onRef('categoryAttributes.attributeId', '=', 'productParams.attributeId'),
      )
      .select(['categoryAttributes.sort', 'attributes.valueKind', 'productParams.valueNum', 'productParams.valueText'])
      .execute();
    expect(rows.every((row) => row.sort !== null)).toBe(true);
    expect(rows.filter((row) => row.valueKind === 'text').every((row) => row.valueNum === null)).toBe(true);
    const numeric = rows.filter((row) => row.valueKind === 'number');
    expect(numeric.filter((row) => row.valueNum !== null).length).toBeGreaterThan(numeric.length * 0.95);
  });

  it('contains the famous parts with their real makers and parameters', async () => {
    const resistor = await paramsOf('RC0603FR-0710KL', 'Yageo');
    expect(resistor).toMatchObject({ package: '0603', category: '贴片电阻' });
    expect(resistor?.params['阻值']).toEqual({ text: '10kΩ', num: 10_000 });
    expect(resistor?.params['精度']).toEqual({ text: '±1%', num: 1 });
    expect(resistor?.params['功率']).toEqual({ text: '100mW', num: 0.1 });

    const capacitor = await paramsOf('GRM188R71H104KA93D', 'Murata');
    expect(capacitor).toMatchObject({ package: '0603', category: '贴片电容(MLCC)' });
    expect(capacitor?.params['容值']?.text).toBe('100nF');
    expect(capacitor?.params['容值']?.num).toBeCloseTo(1e-7, 15);
    expect(capacitor?.params['额定电压']).toEqual({ text: '50V', num: 50 });
    expect(capacitor?.params['材质(介质)']?.text).toBe('X7R');

    const samsung = await paramsOf('CL10B104KB8NNNC', 'Samsung Electro-Mechanics');
    expect(samsung?.params['容值']?.text).toBe('100nF');
    expect((await paramsOf('0603WAF1002T5E', 'UNI-ROYAL'))?.params['阻值']?.num).toBe(10_000);

    const mcu = await paramsOf('STM32F103C8T6', 'ST');
    expect(mcu).toMatchObject({ package: 'LQFP-48', category: 'ARM Cortex-M单片机' });
    expect(mcu?.params['内核']?.text).toBe('ARM Cortex-M3');
    expect(mcu?.params['程序存储容量']).toEqual({ text: '64KB', num: 65_536 });
    expect((await paramsOf('GD32F103C8T6', 'GigaDevice'))?.package).toBe('LQFP-48');

    expect((await paramsOf('LM358DR', 'TI'))?.params['通道数']?.text).toBe('2');
    expect((await paramsOf('LM358DR', 'TI'))?.package).toBe('SOIC-8');
    expect((await paramsOf('AMS1117-3.3', 'AMS'))?.params['输出电压']).toEqual({ text: '3.3V', num: 3.3 });
    expect((await paramsOf('AMS1117-3.3', 'UMW'))?.package).toBe('SOT-223');
    expect((await paramsOf('CH340G', 'WCH'))?.package).toBe('SOP-16');
    expect((await paramsOf('ESP32-WROOM-32E', 'Espressif'))?.category).toBe('WiFi模块');
    expect((await paramsOf('SN74HC595PWR', 'TI'))?.package).toBe('TSSOP-16');
    expect((await paramsOf('TPS5430DDAR', 'TI'))?.category).toBe('DC-DC降压转换器(Buck)');
    expect((await paramsOf('BSS138,215', 'Nexperia'))?.params['类型']?.text).toBe('N沟道');
    expect((await paramsOf('IRLML6402TRPBF', 'Infineon'))?.params['类型']?.text).toBe('P沟道');
    expect((await paramsOf('1N4148W-7-F', 'Diodes'))?.package).toBe('SOD-123');
  });
});
