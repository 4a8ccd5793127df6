import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCacheVersions } from '../../../cache/cache-versions.ts';
import { createTestDb, type TestDb } from '../../../testing/test-db.ts';
import { createCatalogContext, type CatalogContext } from '../catalog-context.ts';
import { queryAttributeExcludeList, queryAttributeProductList } from './choose.service.ts';
import { fixtureProductId, insertCatalogFixture, type CatalogFixture } from '../testing/catalog-fixture.ts';

describe('the choose index follows product writes', () => {
  let db: TestDb;
  let f: CatalogFixture;
  let context: CatalogContext;
  let scope: { categoryFirstId: number; categorySecondId: number; stock: number; filter: string };
  const logger = pino({ level: 'silent' });

  beforeEach(async () => {
    db = await createTestDb();
    f = await insertCatalogFixture(db);
    context = createCatalogContext({ db: db.kysely, logger, cacheVersions: createCacheVersions(db.kysely) });
    scope = { categoryFirstId: f.categories.resistor, categorySecondId: f.categories.chipResistor, stock: 0, filter: '' };
  });
  afterEach(async () => {
    await db.drop();
  });

  const total = async (patch: Partial<typeof scope> = {}) => (await queryAttributeProductList(context, { ...scope, ...patch, page: 1, sort: 0 })).total;
  const touch = async (code: string, set: { stock?: number }) => {
    await db.kysely
      .updateTable('products')
      .set({ ...set, updatedAt: Date.now() })
      .where('id', '=', fixtureProductId(f, code))
      .execute();
  };

  it('sees a stock change at the next request', async () => {
    const before = await total({ stock: 1 });
    await touch('RC0603FR-0710KL', { stock: 0 });
    expect(await total({ stock: 1 })).toBe(before - 1);
    await touch('RC0603FR-0710KL', { stock: 100 });
    expect(await total({ stock: 1 })).toBe(before);
  });

  it('sees a parameter change in the lists and the counts', async () => {
    const selection = JSON.stringify({ [f.attributes.resistance]: ['10kΩ'] });
    expect(await total({ filter: selection })).toBe(12);
    const id = fixtureProductId(f, 'RC0603FR-071KL');
    await db.kysely
      .updateTable('productParams')
      .set({ valueText: '10kΩ', valueNum: 10_000 })
      .where('productId', '=', id)
      .where('attributeId', '=', f.attributes.resistance)
      .execute();
    await touch('RC0603FR-071KL', {});
    expect(await total({ filter: selection })).toBe(13);
    const counts = await queryAttributeExcludeList(context, scope);
    const resistance = counts.facets.find((facet) => facet.key === String(f.attributes.resistance));
    expect(resistance?.values.find((value) => value.value === '1kΩ')?.count).toBe(11);
  });

  it('rebuilds for a part new to the category', async () => {
    expect(await total()).toBe(48);
    const source = await db.kysely.selectFrom('products').selectAll().where('id', '=', fixtureProductId(f, 'RC0603FR-0710KL')).executeTakeFirstOrThrow();
    const { id: _id, ...copy } = source;
    await db.kysely
      .insertInto('products')
      .values({ ...copy, code: 'RC0603FR-0710KL-NEW', codeNorm: 'RC0603FR0710KLNEW', updatedAt: Date.now() })
      .execute();
    expect(await total()).toBe(49);
  });

  it('drops a deleted part once a page meets it, and on the periodic count check', async () => {
    const counted = createCatalogContext({ db: db.kysely, logger, cacheVersions: createCacheVersions(db.kysely) }, { countCheckMs: 0 });
    expect((await queryAttributeProductList(counted, { ...scope, page: 1, sort: 0 })).total).toBe(48);
    await db.kysely.deleteFrom('products').where('id', '=', fixtureProductId(f, 'RC0402FR-071KL')).execute();
    expect((await queryAttributeProductList(counted, { ...scope, page: 1, sort: 0 })).total).toBe(47);

    const paged = await queryAttributeProductList(context, { ...scope, page: 1, sort: 1 });
    expect(paged.total).toBe(47);
    const gone = paged.list[0]?.productId ?? 0;
    await db.kysely.deleteFrom('products').where('id', '=', gone).execute();
    const page = await queryAttributeProductList(context, { ...scope, page: 1, sort: 1 });
    expect(page.list.map((part) => part.productId)).not.toContain(gone);
    expect(await total()).toBe(46);
  });

  it('patches a large category before answering', async () => {
    const large = createCatalogContext({ db: db.kysely, logger, cacheVersions: createCacheVersions(db.kysely) }, { largeScopeSize: 10 });
    const first = await queryAttributeProductList(large, { ...scope, stock: 1, page: 1, sort: 0 });
    await touch('RC0603FR-0710KL', { stock: 0 });
    expect((await queryAttributeProductList(large, { ...scope, stock: 1, page: 1, sort: 0 })).total).toBe(first.total - 1);
  });

  it('answers a large category from the previous index while it rebuilds', async () => {
    const large = createCatalogContext({ db: db.kysely, logger, cacheVersions: createCacheVersions(db.kysely) }, { largeScopeSize: 10, patchLimit: 0 });
    const first = await queryAttributeProductList(large, { ...scope, stock: 1, page: 1, sort: 0 });
    await touch('RC0603FR-0710KL', { stock: 0 });
    const during = await queryAttributeProductList(large, { ...scope, stock: 1, page: 1, sort: 0 });
    expect(during.total).toBe(first.total);
    // The rebuild runs in the background: its answer comes once it is done.
    await vi.waitFor(async () => expect((await queryAttributeProductList(large, { ...scope, stock: 1, page: 1, sort: 0 })).total).toBe(first.total - 1));
  });
});
