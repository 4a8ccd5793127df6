import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategoryTreeCache } from '../features/catalog/category-tree.service.ts';
import { insertProduct } from '../testing/factories.ts';
import { createTestDb, type TestDb } from '../testing/test-db.ts';
import { cacheSources, createCacheVersions, type CacheVersionsOptions } from './cache-versions.ts';

/** A write by anyone (another process, psql) reaches this process's caches through cache_versions. */
describe('cache versions', () => {
  let db: TestDb;
  let time = 1_000_000;
  const clock = { now: () => time };
  const versionsOf = (options: CacheVersionsOptions = {}) => createCacheVersions(db.kysely, { clock, ...options });
  const nextCheck = () => {
    time += 1000;
  };

  beforeAll(async () => {
    db = await createTestDb();
    await db.kysely.insertInto('categoryGroups').values({ id: 1, name: '被动元件', sort: 1 }).execute();
    await db.kysely.insertInto('categories').values({ id: 10, groupId: 1, parentId: null, level: 1, name: '电阻', sort: 1, skuCount: 0 }).execute();
    await db.kysely.insertInto('categories').values({ id: 11, groupId: null, parentId: 10, level: 2, name: '贴片电阻', sort: 1, skuCount: 0 }).execute();
    await db.kysely
      .insertInto('brands')
      .values({ id: 1, nameEn: 'YAGEO', nameCn: '国巨', initial: 'Y', logoPath: null, intro: '', country: '', isPartner: 0, sort: 0 })
      .execute();
  });
  afterAll(async () => {
    await db.drop();
  });

  it('has a counter for every source the caches name', async () => {
    const rows = await db.kysely.selectFrom('cacheVersions').select('name').execute();
    expect(rows.map((row) => row.name).sort()).toEqual([...cacheSources].sort());
  });

  it('moves when a watched table is written, and is read once per check interval', async () => {
    const version = versionsOf().of('site_config', 'banners');
    const before = await version();
    await db.kysely.insertInto('siteConfig').values({ key: 'qq', value: '800' }).execute();
    expect(await version()).toBe(before);
    nextCheck();
    const afterInsert = await version();
    expect(afterInsert).toBeGreaterThan(before);
    await db.kysely.updateTable('siteConfig').set({ value: '801' }).where('key', '=', 'qq').execute();
    await db.kysely.deleteFrom('banners').execute();
    nextCheck();
    expect(await version()).toBeGreaterThan(afterInsert);
  });

  it('ignores product columns no cache reads (stock moves with every order), not the ones it reads', async () => {
    const version = versionsOf().of('products');
    const productId = await insertProduct(db.kysely, { brandId: 1, categoryFirstId: 10, categorySecondId: 11 });
    nextCheck();
    const before = await version();
    await db.kysely.updateTable('products').set({ stock: 5, updatedAt: Date.now() }).where('id', '=', productId).execute();
    nextCheck();
    expect(await version()).toBe(before);
    await db.kysely.updateTable('products').set({ package: '0402' }).where('id', '=', productId).execute();
    nextCheck();
    expect(await version()).toBeGreaterThan(before);
  });

  it('makes a cache load again after a write it did not see', async () => {
    const tree = createCategoryTreeCache(db.kysely, versionsOf());
    expect((await tree.load())[0]?.categoryList[0]?.categorySecondList.map((second) => second.categoryName)).toEqual(['贴片电阻']);
    await sql`UPDATE categories SET name = '插件电阻' WHERE id = 11`.execute(db.kysely);
    nextCheck();
    expect((await tree.load())[0]?.categoryList[0]?.categorySecondList.map((second) => second.categoryName)).toEqual(['插件电阻']);
  });

  it('reads again at once when refreshed, whatever the clock says (the dev hook)', async () => {
    const versions = versionsOf();
    const version = versions.of('brands');
    const before = await version();
    await db.kysely.updateTable('brands').set({ nameCn: '国巨电子' }).where('id', '=', 1).execute();
    expect(await version()).toBe(before);
    await versions.refresh();
    expect(await version()).toBeGreaterThan(before);
  });

  it('reads the signals that follow the tick in the same read, before the counters', async () => {
    const versions = versionsOf();
    const version = versions.of('brands');
    await version();
    const reads: string[] = [];
    versions.follow({
      beforeCounters: async () => {
        reads.push('signal');
        await db.kysely
          .updateTable('brands')
          .set({ intro: `介绍${reads.length}` })
          .where('id', '=', 1)
          .execute();
      },
      afterCounters: (counters) => reads.push(`counters ${String(counters.get('brands'))}`),
    });
    const first = await version();
    expect(reads).toEqual(['signal', `counters ${String(first)}`]);
    await version();
    expect(reads, 'within the check interval').toHaveLength(2);
    nextCheck();
    const second = await version();
    expect(second).toBeGreaterThan(first);
    expect(reads.slice(2)).toEqual(['signal', `counters ${String(second)}`]);
  });

  it('keeps the counters it had while the table cannot be read, and says so', async () => {
    const warnings: unknown[] = [];
    const version = versionsOf({ logger: { warn: (...args: unknown[]) => warnings.push(args) } }).of('brands');
    const before = await version();
    await sql`ALTER TABLE cache_versions RENAME TO cache_versions_away`.execute(db.kysely);
    try {
      nextCheck();
      expect(await version()).toBe(before);
      expect(warnings).toHaveLength(1);
    } finally {
      await sql`ALTER TABLE cache_versions_away RENAME TO cache_versions`.execute(db.kysely);
    }
  });
});
