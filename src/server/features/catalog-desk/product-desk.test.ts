import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import type { AdminProduct, ProductFormValues } from '../../../contract/console/products.ts';
import { adminProductsCalls } from '../../../contract/console/products-calls.ts';
import type { ProductDetail } from '../../../contract/catalog.ts';
import { catalogCalls } from '../../../contract/catalog-calls.ts';
import type { SearchParams } from '../../../contract/search.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { insertCatalogFixture } from '../catalog/testing/catalog-fixture.ts';
import { SearchService } from '../search/search.service.ts';
import { signedInStaff } from '../staff/testing/staff-browser.ts';
import { numberOfValue } from './product-desk.service.ts';

const t = useTestApp({ fixture: (app) => insertCatalogFixture(app.db) });
const services: SearchService[] = [];
afterAll(async () => {
  await Promise.all(services.map((service) => service.keeper.close()));
});

const auditOf = (subjectId: number) => t.db.kysely.selectFrom('auditLog').selectAll().where('subjectId', '=', String(subjectId)).orderBy('id').execute();
const productIdOf = (code: string) => {
  const id = t.fixture.products.get(code);
  if (id === undefined) throw new Error(`no ${code}`);
  return id;
};

/** A search index of its own that reads the change log on every request (as if a second had passed). */
function eagerSearch(): SearchService {
  const options = { checkIntervalMs: 0, waitForBuildUpTo: 50_000, maxIncremental: 5000, maxOverlay: 20_000, retainChangesMs: 3_600_000 };
  const service = new SearchService(t.db, pino({ level: 'silent' }), options);
  services.push(service);
  return service;
}
const searchParams = (key: string): SearchParams => ({ key, categoryId: null, brandId: null, package: null, isInStock: false, sort: 0, page: 1 });

function formOf(product: AdminProduct): ProductFormValues {
  const { id: _id, categoryFirstId: _first, stock: _stock, warehouses: _warehouses, updatedAt: _at, updatedAtStr: _str, ...form } = product;
  return form;
}

/** The stock form's body: every warehouse over the figure the product showed, set to `figures` by code (others unchanged). */
function stockBody(product: AdminProduct, figures: Record<string, number>) {
  return {
    productId: product.id,
    warehouses: product.warehouses.map((warehouse) => ({
      warehouseId: warehouse.warehouseId,
      expectedQuantity: warehouse.quantity,
      quantity: figures[warehouse.code] ?? warehouse.quantity,
    })),
  };
}

async function loaded(role: 'admin' | 'catalog', code: string) {
  const staff = await signedInStaff(t.app, t.db.kysely, role);
  const answer = await staff.browser.call(adminProductsCalls.get, { productId: productIdOf(code) });
  if (!answer.data) throw new Error(JSON.stringify(answer));
  return { staff, product: answer.data };
}

describe('商品管理 list', () => {
  it('filters by part-number prefix, brand, stock and the IC zone, sorts by price and pages on the server', async () => {
    const { browser } = await signedInStaff(t.app, t.db.kysely, 'catalog');
    const byPrefix = await browser.call(adminProductsCalls.list, { filters: { code: 'rc0603' } });
    expect(byPrefix.data?.total).toBe(8);
    expect(byPrefix.data?.rows.every((row) => row.code.startsWith('RC0603'))).toBe(true);
    const brand = await browser.call(adminProductsCalls.list, { filters: { brandId: t.fixture.brands.murata, hasStock: 'yes' } });
    expect(brand.data?.rows.every((row) => row.brandName.startsWith('Murata') && row.stock > 0)).toBe(true);
    const ic = await browser.call(adminProductsCalls.list, { filters: { isIcZone: 'yes' }, pageSize: 100 });
    expect(ic.data?.rows.length).toBeGreaterThan(0);
    expect(ic.data?.rows.every((row) => row.isIcZone)).toBe(true);
    const cheapest = await browser.call(adminProductsCalls.list, { sort: { column: 'price', direction: 'asc' }, pageSize: 10, page: 2 });
    expect(cheapest.data).toMatchObject({ page: 2, pageSize: 10 });
    const prices = cheapest.data?.rows.map((row) => row.firstTierPriceE4 ?? 0) ?? [];
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(await browser.call(adminProductsCalls.list, { pageSize: 7 as 10 })).toMatchObject({ code: 400, msg: '请求参数有误' });
  });

  it('exports the filtered grid to Excel for the catalogue role, not for the content role', async () => {
    const catalog = await signedInStaff(t.app, t.db.kysely, 'catalog');
    const q = encodeURIComponent(JSON.stringify({ filters: { code: 'RC0603' } }));
    const file = await catalog.browser.get(`/admin/api/products/export?q=${q}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const content = await signedInStaff(t.app, t.db.kysely, 'content');
    expect((await content.browser.get(`/admin/api/products/export?q=${q}`)).json()).toMatchObject({ code: 403 });
  });
});

describe('商品管理 save reaches the shop', () => {
  it("saves tiers and a parameter; the shop's search, product page and parametric list answer the new values; audited before → after", async () => {
    const search = eagerSearch();
    const code = 'RC0603FR-0710KL';
    expect((await search.search(searchParams(code))).list[0]?.priceTiers[0]?.priceE4).not.toBe(12_345);
    const { staff, product } = await loaded('catalog', code);
    const resistance = t.fixture.attributes.resistance;
    const form = formOf(product);
    const answer = await staff.browser.call(adminProductsCalls.save, {
      ...form,
      productId: product.id,
      expectedUpdatedAt: product.updatedAt,
      description: '贴片电阻 22kΩ 改',
      tiers: [
        { qtyStart: 100, priceE4: 12_345, originalPriceE4: product.isSpecialOffer ? 20_000 : null },
        { qtyStart: 1000, priceE4: 10_000, originalPriceE4: product.isSpecialOffer ? 15_000 : null },
      ],
      params: form.params.map((param) => (param.attributeId === resistance ? { attributeId: resistance, valueText: '22kΩ' } : param)),
    });
    expect(answer).toMatchObject({ code: 1, msg: '商品已保存', data: { description: '贴片电阻 22kΩ 改' } });
    expect(answer.data?.updatedAt).toBeGreaterThan(product.updatedAt);

    const found = (await search.search(searchParams(code))).list[0];
    expect(found?.priceTiers.map((tier) => tier.priceE4)).toEqual([12_345, 10_000]);
    const detail = pageStateOf<ProductDetail>((await t.browser().get(`/product/detail/${product.id}`)).body).data;
    expect(detail.product.priceTiers.map((tier) => [tier.qtyStart, tier.qtyEnd, tier.priceE4])).toEqual([
      [100, 999, 12_345],
      [1000, null, 10_000],
    ]);
    expect(detail.params.find((param) => param.attributeId === resistance)?.valueText).toBe('22kΩ');
    const chosen = await t.browser().callOk(catalogCalls.queryAttrbuteProductList, {
      categoryFirstId: t.fixture.categories.resistor,
      categorySecondId: t.fixture.categories.chipResistor,
      filter: JSON.stringify({ [resistance]: { min: 20_000, max: 25_000 } }),
    });
    expect(chosen.list.map((row) => row.code)).toEqual([code]);
    expect(chosen.list[0]?.priceTiers[0]?.priceE4).toBe(12_345);
    const param = await t.db.kysely
      .selectFrom('productParams')
      .select('valueNum')
      .where('productId', '=', product.id)
      .where('attributeId', '=', resistance)
      .executeTakeFirstOrThrow();
    expect(param.valueNum).toBe(22_000);

    const [entry] = await auditOf(product.id);
    expect(entry).toMatchObject({ staffId: staff.id, action: 'update', subject: 'Product', ip: '127.0.0.1' });
    expect(JSON.parse(entry?.beforeJson ?? '{}')).toMatchObject({ description: product.description, tiers: product.tiers });
    expect(JSON.parse(entry?.afterJson ?? '{}')).toMatchObject({ description: '贴片电阻 22kΩ 改', tiers: [{ priceE4: 12_345 }, { priceE4: 10_000 }] });
  });

  it('sets stock per warehouse over the figures shown; the total is their sum; the shop shows both; a stale figure is refused', async () => {
    const search = eagerSearch();
    const code = 'RC0805JR-074K7L';
    const { staff, product } = await loaded('catalog', code);
    expect(product.warehouses.map((warehouse) => [warehouse.code, warehouse.name, warehouse.quantity])).toEqual([
      ['SZ', '深圳仓', product.stock],
      ['JS', '江苏仓', 0],
    ]);
    const set = await staff.browser.call(adminProductsCalls.setStock, stockBody(product, { SZ: 700, JS: 77 }));
    expect(set).toMatchObject({
      code: 1,
      msg: '库存已保存',
      data: {
        stock: 777,
        warehouses: [
          { code: 'SZ', quantity: 700 },
          { code: 'JS', quantity: 77 },
        ],
      },
    });
    expect((await search.search(searchParams(code))).list[0]?.stock).toBe(777);
    const shown = pageStateOf<ProductDetail>((await t.browser().get(`/product/detail/${product.id}`)).body).data;
    expect(shown.product.stock).toBe(777);
    expect(shown.warehouses.map((warehouse) => [warehouse.name, warehouse.quantity])).toEqual([
      ['深圳仓', 700],
      ['江苏仓', 77],
    ]);
    const grid = await staff.browser.call(adminProductsCalls.list, { filters: { code } });
    expect(grid.data?.rows[0]?.warehouses.map((warehouse) => warehouse.quantity)).toEqual([700, 77]);
    // The form still shows the old figures: refused, nothing written.
    expect(await staff.browser.call(adminProductsCalls.setStock, stockBody(product, { SZ: 1 }))).toMatchObject({
      code: 409,
      msg: '数据已被他人修改，请刷新后重试',
    });
    const rows = await t.db.kysely
      .selectFrom('productWarehouseStock')
      .select(['warehouseId', 'quantity'])
      .where('productId', '=', product.id)
      .orderBy('warehouseId')
      .execute();
    expect(rows.map((row) => row.quantity)).toEqual([700, 77]);
    const entries = await auditOf(product.id);
    expect(entries.map((entry): unknown[] => [entry.subject, JSON.parse(entry.beforeJson ?? '{}'), JSON.parse(entry.afterJson ?? '{}')])).toEqual([
      ['Stock', { stock: product.stock, warehouses: { SZ: product.stock, JS: 0 } }, { stock: 777, warehouses: { SZ: 700, JS: 77 } }],
    ]);
  });
});

describe('商品管理 refusals', () => {
  it('answers bad input in Chinese and changes nothing', async () => {
    const { staff, product } = await loaded('catalog', 'RC0402FR-071KL');
    const base = { ...formOf(product), productId: product.id, expectedUpdatedAt: product.updatedAt };
    const cases: [Partial<typeof base>, string][] = [
      [{ tiers: [] }, '请至少填写一个价格阶梯'],
      [
        {
          tiers: [
            { qtyStart: 1000, priceE4: 100, originalPriceE4: null },
            { qtyStart: 100, priceE4: 90, originalPriceE4: null },
          ],
        },
        '阶梯起订量须从小到大排列且不能重复',
      ],
      [{ tiers: [{ qtyStart: 100, priceE4: 0, originalPriceE4: null }] }, '单价须大于0，最多4位小数，且不超过¥100000'],
      [{ code: '  ' }, '请输入型号'],
      [{ datasheetUrl: 'javascript:alert(1)' }, '数据手册链接须为 http:// 或 https:// 开头的网址'],
      [{ packSize: 0 }, '包装数量（整包倍数）须为1-1000000的整数'],
      [{ brandId: 999_999 }, '品牌不存在'],
      [{ categorySecondId: t.fixture.categories.resistor }, '分类不存在或不是二级分类'],
      [{ params: [{ attributeId: t.fixture.attributes.capacitance, valueText: '1uF' }] }, '参数不属于所选分类'],
      [{ params: [{ attributeId: t.fixture.attributes.resistance, valueText: '很大' }] }, '「阻值」数值参数无法识别，请写成如 10kΩ、100nF、3.3V 的形式'],
      [{ expectedUpdatedAt: product.updatedAt - 1 }, '数据已被他人修改，请刷新后重试'],
    ];
    for (const [change, msg] of cases) {
      const answer = await staff.browser.call(adminProductsCalls.save, { ...base, ...change });
      expect(answer, msg).toMatchObject({ msg });
      expect(answer.code).toBeLessThan(500);
    }
    expect(await staff.browser.call(adminProductsCalls.setStock, stockBody(product, { JS: -1 }))).toMatchObject({
      code: 400,
      msg: '库存须为0-100000000的整数',
    });
    expect(await staff.browser.call(adminProductsCalls.setStock, { productId: product.id, warehouses: [] })).toMatchObject({
      code: 400,
      msg: '请逐个仓库填写库存，每个仓库只能填写一次',
    });
    const twice = stockBody(product, {}).warehouses[0];
    if (!twice) throw new Error('no warehouse');
    expect(await staff.browser.call(adminProductsCalls.setStock, { productId: product.id, warehouses: [twice, twice] })).toMatchObject({
      code: 400,
      msg: '请逐个仓库填写库存，每个仓库只能填写一次',
    });
    expect(
      await staff.browser.call(adminProductsCalls.setStock, { productId: product.id, warehouses: [{ warehouseId: 9999, expectedQuantity: 0, quantity: 5 }] }),
    ).toMatchObject({ code: 400, msg: '仓库不存在或已停用' });
    expect(await staff.browser.call(adminProductsCalls.get, { productId: 999_999 })).toMatchObject({ code: 404, msg: '商品不存在' });
    expect((await staff.browser.call(adminProductsCalls.get, { productId: product.id })).data).toEqual(product);
    expect(await auditOf(product.id)).toEqual([]);
  });

  it('refuses the content role every change and the warehouse role the product form (no change, no audit); the warehouse sets stock', async () => {
    const { product } = await loaded('admin', 'RC0402JR-071KL');
    const form = { ...formOf(product), productId: product.id, expectedUpdatedAt: product.updatedAt, description: '不应保存' };
    const content = await signedInStaff(t.app, t.db.kysely, 'content');
    const warehouse = await signedInStaff(t.app, t.db.kysely, 'warehouse');
    const forbidden = { code: 403, msg: '您没有权限执行此操作' };
    expect(await content.browser.call(adminProductsCalls.save, form)).toMatchObject(forbidden);
    expect(await content.browser.call(adminProductsCalls.create, formOf(product))).toMatchObject(forbidden);
    expect(await content.browser.call(adminProductsCalls.setStock, stockBody(product, { SZ: 5 }))).toMatchObject(forbidden);
    expect(await content.browser.call(adminProductsCalls.bulkSetLifecycle, { productIds: [product.id], lifecycle: 'eol' })).toMatchObject(forbidden);
    expect(await content.browser.call(adminProductsCalls.bulkSetSpecialOffer, { productIds: [product.id], isSpecialOffer: true })).toMatchObject(forbidden);
    expect(await warehouse.browser.call(adminProductsCalls.save, form)).toMatchObject(forbidden);
    expect(await content.browser.call(adminProductsCalls.get, { productId: product.id })).toMatchObject({ code: 1, data: product });
    expect(await auditOf(product.id)).toEqual([]);
    const untouched = await t.db.kysely.selectFrom('productWarehouseStock').select('quantity').where('productId', '=', product.id).execute();
    expect(untouched.map((row) => row.quantity)).toEqual([product.stock]);
    expect(await warehouse.browser.call(adminProductsCalls.setStock, stockBody(product, { SZ: 5 }))).toMatchObject({
      code: 1,
      data: { stock: 5 },
    });
    expect((await auditOf(product.id)).map((entry) => [entry.staffId, entry.subject])).toEqual([[warehouse.id, 'Stock']]);
  });
});

describe('商品管理 create and bulk changes', () => {
  it('creates a product in a second-level category, counted there, audited; the same code of the same brand is refused', async () => {
    const { staff, product } = await loaded('catalog', 'RC0805FR-071KL');
    const counts = () =>
      t.db.kysely
        .selectFrom('categories')
        .select('skuCount')
        .where('id', 'in', [t.fixture.categories.resistor, t.fixture.categories.chipResistor])
        .orderBy('id')
        .execute();
    const before = await counts();
    const created = await staff.browser.call(adminProductsCalls.create, {
      ...formOf(product),
      code: 'RC0805FR-07NEW1L',
      imagePath: '',
      isSpecialOffer: false,
      tiers: [{ qtyStart: 100, priceE4: 88, originalPriceE4: null }],
    });
    expect(created).toMatchObject({ code: 1, msg: '商品已创建', data: { code: 'RC0805FR-07NEW1L', stock: 0, categoryFirstId: t.fixture.categories.resistor } });
    expect((await counts()).map((row) => row.skuCount)).toEqual(before.map((row) => row.skuCount + 1));
    const id = created.data?.id ?? 0;
    expect((await auditOf(id)).map((entry) => [entry.action, entry.beforeJson])).toEqual([['create', null]]);
    expect((await eagerSearch().search(searchParams('RC0805FR-07NEW1L'))).list.map((row) => row.productId)).toEqual([id]);
    expect(
      await staff.browser.call(adminProductsCalls.create, {
        ...formOf(product),
        code: 'rc0805fr-07new1l',
        imagePath: '',
        isSpecialOffer: false,
        tiers: [{ qtyStart: 100, priceE4: 88, originalPriceE4: null }],
      }),
    ).toMatchObject({
      code: 400,
      msg: '该品牌下已有相同型号的商品',
    });
  });

  it('sets the lifecycle and the special-offer zone of many products, one audit entry each', async () => {
    const { browser } = await signedInStaff(t.app, t.db.kysely, 'catalog');
    const offers = await t.db.kysely
      .selectFrom('products')
      .select('id')
      .where('isSpecialOffer', '=', 0)
      .where('lifecycle', '=', 'active')
      .orderBy('id')
      .limit(2)
      .execute();
    const ids = offers.map((row) => row.id);
    expect(await browser.call(adminProductsCalls.bulkSetLifecycle, { productIds: ids, lifecycle: 'eol' })).toMatchObject({ code: 1, data: { count: 2 } });
    expect(await browser.call(adminProductsCalls.bulkSetSpecialOffer, { productIds: ids, isSpecialOffer: true })).toMatchObject({
      code: 1,
      data: { count: 2 },
    });
    const eol = await browser.call(adminProductsCalls.list, { filters: { lifecycle: 'eol', isSpecialOffer: 'yes' } });
    expect(eol.data?.rows.map((row) => row.id).sort()).toEqual([...ids].sort());
    for (const id of ids) expect((await auditOf(id)).map((entry) => entry.action)).toEqual(['bulkSetLifecycle', 'bulkSetSpecialOffer']);
    expect(await browser.call(adminProductsCalls.bulkSetLifecycle, { productIds: [], lifecycle: 'eol' })).toMatchObject({ code: 400, msg: '请先选择商品' });
  });
});

describe('商品管理 races', () => {
  it('of two staff saving one loaded product, one is saved and the other told 数据已被他人修改 (one audit entry)', async () => {
    const first = await loaded('catalog', 'RC0402FR-074K7L');
    const second = await signedInStaff(t.app, t.db.kysely, 'catalog');
    const body = (description: string) => ({ ...formOf(first.product), productId: first.product.id, expectedUpdatedAt: first.product.updatedAt, description });
    const answers = await Promise.all([
      first.staff.browser.call(adminProductsCalls.save, body('甲')),
      second.browser.call(adminProductsCalls.save, body('乙')),
    ]);
    expect(answers.map((answer) => answer.code).sort()).toEqual([1, 409]);
    expect(answers.find((answer) => answer.code === 409)?.msg).toBe('数据已被他人修改，请刷新后重试');
    const saved = answers.find((answer) => answer.code === 1)?.data?.description;
    const row = await t.db.kysely.selectFrom('products').select('description').where('id', '=', first.product.id).executeTakeFirstOrThrow();
    expect(row.description).toBe(saved);
    expect(await auditOf(first.product.id)).toHaveLength(1);
  });

  it('of two stock corrections over the same figure, one is written', async () => {
    const first = await loaded('catalog', 'RC0402JR-074K7L');
    const warehouse = await signedInStaff(t.app, t.db.kysely, 'warehouse');
    const body = (stock: number) => stockBody(first.product, { SZ: stock });
    const answers = await Promise.all([
      first.staff.browser.call(adminProductsCalls.setStock, body(11)),
      warehouse.browser.call(adminProductsCalls.setStock, body(22)),
    ]);
    expect(answers.map((answer) => answer.code).sort()).toEqual([1, 409]);
    const row = await t.db.kysely.selectFrom('products').select('stock').where('id', '=', first.product.id).executeTakeFirstOrThrow();
    expect(row.stock).toBe(answers.find((answer) => answer.code === 1)?.data?.stock);
    expect(await auditOf(first.product.id)).toHaveLength(1);
  });
});

describe('numeric parameter values', () => {
  it.each([
    ['10kΩ', 'Ω', 10_000],
    ['100nF', 'F', 1e-7],
    ['3.3V', 'V', 3.3],
    ['64KB', 'B', 65_536],
    ['1MB', 'B', 1_048_576],
    ['16', null, 16],
    ['很大', 'Ω', null],
  ])('%s (%s) → %s', (text, unit, value) => {
    const found = numberOfValue(text, unit);
    if (value === null) expect(found).toBeNull();
    else expect(found).toBeCloseTo(value, 15);
  });
});
