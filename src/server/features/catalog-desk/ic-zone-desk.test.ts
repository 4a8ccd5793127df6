import { describe, expect, it } from 'vitest';
import type { AdminProduct, ProductFormValues } from '../../../contract/console/products.ts';
import { adminProductsCalls } from '../../../contract/console/products-calls.ts';
import type { DiscountPageData } from '../../../web/pages/discount-page.tsx';
import { pageStateOf } from '../../testing/page-state.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { insertCatalogFixture } from '../catalog/testing/catalog-fixture.ts';
import { signedInStaff } from '../staff/testing/staff-browser.ts';

/** IC专区 (A03) chosen per product in 商品管理: the form's checkbox, the grid's filter and bulk actions. */
describe('商品管理: the IC zone (A03)', () => {
  const t = useTestApp({ fixture: (app) => insertCatalogFixture(app.db) });
  const idOf = (code: string) => t.fixture.products.get(code) ?? 0;
  const auditOf = (subjectId: number) => t.db.kysely.selectFrom('auditLog').selectAll().where('subjectId', '=', String(subjectId)).orderBy('id').execute();
  const zoneCodes = async () => {
    const page = await t.browser().get('/product/discount?subject=A03');
    return pageStateOf<DiscountPageData>(page.body).data.products.list.map((part) => part.code);
  };
  const productsVersion = async () =>
    (await t.db.kysely.selectFrom('cacheVersions').select('version').where('name', '=', 'products').executeTakeFirstOrThrow()).version;
  const changesOf = async (productId: number) =>
    (await t.db.kysely.selectFrom('catalogChanges').select('seq').where('productId', '=', productId).execute()).length;
  const ok = async <T>(answer: Promise<{ code: number; data?: T | null; msg: string }>): Promise<T> => {
    const { code, data, msg } = await answer;
    if (code !== 1 || data === undefined || data === null) throw new Error(`${String(code)} ${msg}`);
    return data;
  };
  const formOf = (product: AdminProduct): ProductFormValues => {
    const { id: _id, categoryFirstId: _first, stock: _stock, updatedAt: _at, updatedAtStr: _str, ...form } = product;
    return form;
  };

  it("saves the form's checkbox: a resistor joins the zone, the grid filters it and the shop's IC page lists it; audited", async () => {
    const { browser } = await signedInStaff(t.app, t.db.kysely, 'catalog');
    const code = 'RC0603FR-0710KL';
    const product = await ok(browser.call(adminProductsCalls.get, { productId: idOf(code) }));
    expect(product.isIcZone).toBe(false);
    expect(await zoneCodes()).not.toContain(code);
    const saved = await browser.call(adminProductsCalls.save, {
      ...formOf(product),
      isIcZone: true,
      productId: product.id,
      expectedUpdatedAt: product.updatedAt,
    });
    expect(saved).toMatchObject({ code: 1, msg: '商品已保存', data: { isIcZone: true } });
    const inZone = await ok(browser.call(adminProductsCalls.list, { filters: { isIcZone: 'yes', code }, pageSize: 100 }));
    expect(inZone.rows.map((row) => [row.code, row.isIcZone])).toEqual([[code, true]]);
    expect(await zoneCodes()).toContain(code);
    const [entry] = await auditOf(product.id);
    expect(JSON.parse(entry?.beforeJson ?? '{}')).toMatchObject({ isIcZone: false });
    expect(JSON.parse(entry?.afterJson ?? '{}')).toMatchObject({ isIcZone: true });
  });

  it('adds and removes many products in bulk, one audit entry each, through the change log and the cache version', async () => {
    const { browser } = await signedInStaff(t.app, t.db.kysely, 'catalog');
    const ids = [idOf('GRM188R71C103KA01D'), idOf('GRM188R71H104KA01D')];
    const mcu = idOf('STM32F103RCT6');
    const version = await productsVersion();
    const changes = await changesOf(ids[0] ?? 0);
    // Already in the zone: counted out, not written again.
    expect(await browser.call(adminProductsCalls.bulkSetIcZone, { productIds: [...ids, mcu], isIcZone: true })).toMatchObject({
      code: 1,
      msg: '批量操作已完成',
      data: { count: 2 },
    });
    expect(await productsVersion()).toBeGreaterThan(version);
    expect(await changesOf(ids[0] ?? 0)).toBe(changes + 1);
    expect(await zoneCodes()).toEqual(expect.arrayContaining(['GRM188R71C103KA01D', 'GRM188R71H104KA01D', 'STM32F103RCT6']));
    for (const id of ids) {
      const entries = await auditOf(id);
      expect(entries.map((entry) => entry.action)).toEqual(['bulkSetIcZone']);
      expect(JSON.parse(entries[0]?.afterJson ?? '{}')).toMatchObject({ isIcZone: true });
    }
    expect(await auditOf(mcu)).toEqual([]);

    expect(await browser.call(adminProductsCalls.bulkSetIcZone, { productIds: [ids[0] ?? 0, mcu], isIcZone: false })).toMatchObject({
      code: 1,
      data: { count: 2 },
    });
    const codes = await zoneCodes();
    expect(codes).not.toContain('GRM188R71C103KA01D');
    expect(codes).not.toContain('STM32F103RCT6');
    expect(codes).toContain('GRM188R71H104KA01D');
    const out = await ok(browser.call(adminProductsCalls.list, { filters: { isIcZone: 'no', code: 'STM32F103RCT6' } }));
    expect(out.rows.map((row) => row.isIcZone)).toEqual([false]);
  });

  it('answers bad input in Chinese and changes nothing', async () => {
    const { browser } = await signedInStaff(t.app, t.db.kysely, 'catalog');
    const id = idOf('GRM188R71C104KA01D');
    expect(await browser.call(adminProductsCalls.bulkSetIcZone, { productIds: [], isIcZone: true })).toMatchObject({ code: 400, msg: '请先选择商品' });
    expect(await browser.post(adminProductsCalls.bulkSetIcZone.path, { productIds: [id], isIcZone: 'yes' })).toMatchObject({ code: 400, msg: '请求参数有误' });
    const product = await ok(browser.call(adminProductsCalls.get, { productId: id }));
    const { isIcZone: _zone, ...withoutZone } = formOf(product);
    expect(await browser.post(adminProductsCalls.save.path, { ...withoutZone, productId: id, expectedUpdatedAt: product.updatedAt })).toMatchObject({
      code: 400,
    });
    expect((await ok(browser.call(adminProductsCalls.get, { productId: id }))).updatedAt).toBe(product.updatedAt);
    expect(await auditOf(id)).toEqual([]);
  });

  it('refuses the content and warehouse roles (403, no change, no audit entry)', async () => {
    const id = idOf('GRM188R71H105KA01D');
    for (const role of ['content', 'warehouse'] as const) {
      const { browser } = await signedInStaff(t.app, t.db.kysely, role);
      expect(await browser.call(adminProductsCalls.bulkSetIcZone, { productIds: [id], isIcZone: true })).toMatchObject({
        code: 403,
        msg: '您没有权限执行此操作',
      });
    }
    const row = await t.db.kysely.selectFrom('products').select('isIcZone').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.isIcZone).toBe(0);
    expect(await auditOf(id)).toEqual([]);
  });
});
