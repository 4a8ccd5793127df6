import { describe, expect, it } from 'vitest';
import type { ProductDetail } from '../../../contract/catalog.ts';
import type { AdminProduct, ProductFormValues } from '../../../contract/console/products.ts';
import { adminProductsCalls } from '../../../contract/console/products-calls.ts';
import { purchasingMessages, type PurchasingData } from '../../../contract/purchasing.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { insertCatalogFixture } from '../catalog/testing/catalog-fixture.ts';
import { signedInStaff } from '../staff/testing/staff-browser.ts';

const t = useTestApp({ fixture: (app) => insertCatalogFixture(app.db) });

const purchasing: PurchasingData = {
  reachStatus: 'compliant',
  msl: '3',
  eccn: '3A991.a.2',
  originCountry: 'TW',
  packaging: 'tray',
  factoryLeadWeeks: 12,
  cadSymbolUrl: 'https://cad.example.com/desk-1.sym',
  cadFootprintUrl: null,
  cadModelUrl: 'https://cad.example.com/desk-1.step',
};

function newForm(code: string): ProductFormValues {
  return {
    code,
    brandId: t.fixture.brands.st,
    categorySecondId: t.fixture.categories.armMcu,
    description: '采购信息测试',
    package: 'LQFP-48',
    datasheetUrl: '',
    lifecycle: 'active',
    isRohs: true,
    packSize: 1,
    label: '',
    isSpecialOffer: false,
    isIcZone: false,
    imagePath: '',
    tiers: [{ qtyStart: 1, priceE4: 80_000, originalPriceE4: null }],
    params: [],
  };
}

/** The staff call's data; fails the test with the envelope when it is refused. */
async function dataOf<T>(answer: Promise<{ code: number; data: T | null; msg: string }>): Promise<T> {
  const envelope = await answer;
  if (envelope.data === null) throw new Error(JSON.stringify(envelope));
  return envelope.data;
}

function formOf(product: AdminProduct): ProductFormValues {
  const { id: _id, categoryFirstId: _first, stock: _stock, warehouses: _warehouses, updatedAt: _at, updatedAtStr: _str, ...form } = product;
  return form;
}

/** 采购与合规 through the catalogue desk (issue 28) and on the product page it writes. */
describe('purchasing data on the product desk and the product page', () => {
  it('creates a part with its purchasing data, shows it on the product page with the origin in Chinese, and audits it', async () => {
    const { browser } = await signedInStaff(t.app, t.db.kysely, 'catalog');
    const created = await dataOf(browser.call(adminProductsCalls.create, { ...newForm('DESK-PUR-1'), purchasing: { ...purchasing, eccn: '3a991.A.2' } }));
    expect(created.purchasing).toEqual(purchasing);
    const page = pageStateOf<ProductDetail>((await t.browser().get(`/product/detail/${created.id}`)).body).data;
    expect(page.purchasing).toEqual({ ...purchasing, originCountryName: '中国台湾' });
    expect(page.isRohs).toBe(true);
    const audit = await t.db.kysely.selectFrom('auditLog').select('afterJson').where('subjectId', '=', String(created.id)).executeTakeFirstOrThrow();
    expect(audit.afterJson).toContain('3A991.a.2');
  });

  it('keeps what a part had when a form sends no purchasing data, and clears fields sent as null', async () => {
    const { browser } = await signedInStaff(t.app, t.db.kysely, 'catalog');
    const created = await dataOf(browser.call(adminProductsCalls.create, { ...newForm('DESK-PUR-2'), purchasing }));
    const { purchasing: _kept, ...withoutPurchasing } = formOf(created);
    const saved = await dataOf(
      browser.call(adminProductsCalls.save, { ...withoutPurchasing, description: '改了描述', productId: created.id, expectedUpdatedAt: created.updatedAt }),
    );
    expect(saved.purchasing).toEqual(purchasing);
    const cleared = await dataOf(
      browser.call(adminProductsCalls.save, {
        ...formOf(saved),
        purchasing: { ...purchasing, packaging: null, cadModelUrl: null, reachStatus: 'unknown' },
        productId: saved.id,
        expectedUpdatedAt: saved.updatedAt,
      }),
    );
    expect(cleared.purchasing).toMatchObject({ packaging: null, cadModelUrl: null, reachStatus: 'unknown', msl: '3' });
  });

  it.each([
    [{ packaging: 'reel' }, purchasingMessages.packagingInvalid],
    [{ msl: '7' }, purchasingMessages.mslInvalid],
    [{ eccn: 'ABC-1' }, purchasingMessages.eccnInvalid],
    [{ originCountry: 'XX' }, purchasingMessages.originInvalid],
    [{ factoryLeadWeeks: 0 }, purchasingMessages.leadWeeksInvalid],
    [{ cadModelUrl: 'http://cad.example.com/x.step' }, purchasingMessages.cadUrlInvalid],
    [{ reachStatus: 'yes' }, purchasingMessages.reachInvalid],
  ])('refuses %j with a Chinese message and writes nothing', async (bad, msg) => {
    const { browser } = await signedInStaff(t.app, t.db.kysely, 'catalog');
    const answer = await browser.post(adminProductsCalls.create.path, { ...newForm('DESK-PUR-BAD'), purchasing: { ...purchasing, ...bad } });
    expect(answer).toMatchObject({ code: 400, msg });
    expect(await t.db.kysely.selectFrom('products').select('id').where('code', '=', 'DESK-PUR-BAD').execute()).toEqual([]);
  });
});
