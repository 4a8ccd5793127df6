import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import type { AdminProduct, ProductFormValues } from '../../../contract/console/products.ts';
import { adminProductsCalls } from '../../../contract/console/products-calls.ts';
import { insertProduct } from '../../testing/factories.ts';
import { testEngine } from '../../testing/test-db.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { insertCatalogFixture } from '../catalog/testing/catalog-fixture.ts';
import { signedInStaff } from '../staff/testing/staff-browser.ts';

async function loadProduct(browser: Awaited<ReturnType<typeof signedInStaff>>['browser'], productId: number): Promise<AdminProduct> {
  const { data } = await browser.call(adminProductsCalls.get, { productId });
  if (!data) throw new Error(`no product ${String(productId)}`);
  return data;
}

const duplicate = { code: 400, msg: '该品牌下已有相同型号的商品', errorCode: 'adminProduct.codeDuplicate' };

/** One product per (brand, normalised part number): the form's check, and products_code_norm_unique behind it for races. */
describe('商品管理: unique part numbers', () => {
  const t = useTestApp({ fixture: (app) => insertCatalogFixture(app.db) });
  const countOf = async (codeNorm: string) => (await t.db.kysely.selectFrom('products').select('id').where('codeNorm', '=', codeNorm).execute()).length;
  const createdAudits = async () => (await t.db.kysely.selectFrom('auditLog').select('id').where('action', '=', 'create').execute()).length;

  async function newForm(code: string): Promise<{ browser: Awaited<ReturnType<typeof signedInStaff>>['browser']; form: ProductFormValues }> {
    const { browser } = await signedInStaff(t.app, t.db.kysely, 'catalog');
    const product = await loadProduct(browser, t.fixture.products.get('STM32F103C8T6') ?? 0);
    const { id: _id, categoryFirstId: _first, stock: _stock, updatedAt: _at, updatedAtStr: _str, ...form } = product;
    return { browser, form: { ...form, code, imagePath: '', isSpecialOffer: false, tiers: [{ qtyStart: 1, priceE4: 10_000, originalPriceE4: null }] } };
  }

  it('of six simultaneous creates of one part number (written differently), exactly one succeeds; the others get the Chinese answer', async () => {
    const { browser, form } = await newForm('STM32-RACE-1');
    const writings = ['STM32-RACE-1', 'stm32race1', 'STM32 RACE 1', 'STM32.RACE.1', 'STM32/RACE-1', 'stm32-race-1'];
    const auditsBefore = await createdAudits();
    const answers = await Promise.all(writings.map((code) => browser.call(adminProductsCalls.create, { ...form, code })));
    expect(answers.filter((answer) => answer.code === 1)).toHaveLength(1);
    for (const answer of answers.filter((answer) => answer.code !== 1)) expect(answer).toMatchObject(duplicate);
    expect(await countOf('STM32RACE1')).toBe(1);
    expect(await createdAudits()).toBe(auditsBefore + 1);
  });

  it('answers an edit onto another product’s part number alike, and leaves the product as it was', async () => {
    const { browser } = await newForm('');
    const id = t.fixture.products.get('STM32F103RCT6') ?? 0;
    const product = await loadProduct(browser, id);
    const { id: _id, categoryFirstId: _first, stock: _stock, updatedAt: _at, updatedAtStr: _str, ...form } = product;
    const saved = await browser.call(adminProductsCalls.save, { ...form, code: 'stm32f103c8t6', productId: id, expectedUpdatedAt: product.updatedAt });
    expect(saved).toMatchObject(duplicate);
    expect((await t.db.kysely.selectFrom('products').select('code').where('id', '=', id).executeTakeFirstOrThrow()).code).toBe('STM32F103RCT6');
  });

  // SQLite has one writer at a time (each create's check and insert run in one transaction, one after another), so
  // only PostgreSQL can let two creates both pass the check: there the unique index decides, and its refusal reads the same.
  it('maps the unique index refusing a create that passed the check (PostgreSQL: a writer not yet committed)', async () => {
    if (testEngine !== 'postgres') {
      const { browser, form } = await newForm('STM32-RACE-2');
      await insertProduct(t.db.kysely, {
        code: 'STM32-RACE-2',
        brandId: form.brandId,
        categoryFirstId: t.fixture.categories.mcu,
        categorySecondId: form.categorySecondId,
      });
      expect(await browser.call(adminProductsCalls.create, form)).toMatchObject(duplicate);
      return;
    }
    const { browser, form } = await newForm('STM32-RACE-2');
    const other = await t.db.kysely.startTransaction().execute();
    await insertProduct(other, {
      code: 'stm32 race 2',
      brandId: form.brandId,
      categoryFirstId: t.fixture.categories.mcu,
      categorySecondId: form.categorySecondId,
    });
    const creating = browser.call(adminProductsCalls.create, form);
    // The create has passed its check and waits on the index entry the open transaction holds.
    await vi.waitFor(
      async () => {
        const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted`.execute(t.db.kysely);
        expect(rows[0]?.n ?? 0).toBeGreaterThan(0);
      },
      { timeout: 5000, interval: 20 },
    );
    await other.commit().execute();
    expect(await creating).toMatchObject(duplicate);
    expect(await countOf('STM32RACE2')).toBe(1);
  });
});
