import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SearchParams } from '../../../contract/search.ts';
import { seedCatalog } from '../../seed/catalog-seed.ts';
import { insertProduct } from '../../testing/factories.ts';
import { createTestDb, type TestDb } from '../../testing/test-db.ts';
import { pruneChanges, readSyncState } from '../../cache/catalog-changes.ts';
import { buildSearchIndex, loadDictionary } from './index/build-index.ts';
import { canMapFiles } from './index/mapped-file.ts';
import { loadProductDocsByIds } from './search-index.repository.ts';
import { readSearchSnapshot, searchSnapshotKind, searchSnapshotSeq, searchSnapshotVersion, writeSearchSnapshot } from './index/search-snapshot.ts';
import { readSnapshotFile, SnapshotUnusableError, writeSnapshotFile } from '../../cache/snapshot-file.ts';
import { defaultKeeperOptions } from './search-index.keeper.ts';
import { SearchService } from './search.service.ts';
import { searchParamsOf } from './testing/search-fixture.ts';

/** The index written to a file and loaded by the next process, over 2,000 parts of the demo generator. */
let db: TestDb;
let dir: string;
const services: SearchService[] = [];
const logger = pino({ level: 'silent' });

beforeAll(async () => {
  db = await createTestDb();
  await seedCatalog(db, { skus: 2000 });
  dir = await mkdtemp(join(tmpdir(), 'search-snapshot-'));
});
afterEach(async () => {
  await Promise.all(services.splice(0).map((service) => service.keeper.close()));
});
afterAll(async () => {
  await db.drop();
  await rm(dir, { recursive: true, force: true });
});

function service(snapshotPath: string | null): SearchService {
  const created = new SearchService(db, logger, { ...defaultKeeperOptions, checkIntervalMs: 0, snapshotPath });
  services.push(created);
  return created;
}

const params = searchParamsOf;

const keywords = ['RC0603', '10k 0603 1%', '100nF 50V', '国巨', '贴片电阻', 'LM358', 'STM32', '0805', 'Q1', '电容'];

/** Everything a buyer sees of a set of searches and suggestions. */
async function answers(search: SearchService) {
  const found = [];
  for (const key of keywords) {
    for (const extra of [{}, { isInStock: true, sort: 1 }, { page: 2 }] satisfies Partial<SearchParams>[]) {
      const result = await search.search(params(key, extra));
      found.push({ key, extra, total: result.total, codes: result.list.map((product) => product.code), facets: result.facets });
    }
    found.push({ key, suggestions: await search.suggest(key) });
  }
  return found;
}

async function freshSnapshot(name: string): Promise<{ path: string; seq: number }> {
  const path = join(dir, name);
  const { maxSeq } = await readSyncState(db);
  const built = await buildSearchIndex(db);
  if (!built) throw new Error('build cancelled');
  await writeSearchSnapshot(path, built.index, maxSeq);
  return { path, seq: maxSeq };
}

describe('search index snapshot', () => {
  it('answers from a loaded snapshot exactly as from a freshly built index', async () => {
    const { path } = await freshSnapshot('round-trip');
    const loaded = service(path);
    const built = service(null);
    expect(await answers(loaded)).toEqual(await answers(built));
    expect(loaded.keeper.readiness?.source).toBe('snapshot');
    expect(loaded.keeper.lastBuild).toBeNull();
    expect(built.keeper.readiness?.source).toBe('build');
    expect((await loaded.keeper.current())?.productCount).toBe(2000);
  });

  it('searches that arrive while the snapshot loads wait for it, and no full build follows', async () => {
    const { path } = await freshSnapshot('searched-while-loading');
    const loading = service(path);
    const totals = await Promise.all(['RC0603', '电容', 'LM358'].map(async (key) => (await loading.search(params(key))).total));
    expect(totals.every((total) => total > 0)).toBe(true);
    expect(loading.keeper.readiness?.source).toBe('snapshot');
    expect(loading.keeper.isBuilding).toBe(false);
    expect(loading.keeper.lastBuild).toBeNull();
  });

  it('catches up through the change log with what was written after the snapshot', async () => {
    const { path } = await freshSnapshot('catch-up');
    const [first, second, third] = await db.kysely.selectFrom('products').select(['id', 'code']).orderBy('id').limit(3).execute();
    if (!first || !second || !third) throw new Error('seed too small');
    await db.kysely.updateTable('products').set({ stock: 0, updatedAt: Date.now() }).where('id', '=', first.id).execute();
    await db.kysely.updateTable('products').set({ description: '快照之后改的描述 霹雳', updatedAt: Date.now() }).where('id', '=', second.id).execute();
    await db.kysely.deleteFrom('productPrices').where('productId', '=', third.id).execute();
    await db.kysely.deleteFrom('productParams').where('productId', '=', third.id).execute();
    await db.kysely.deleteFrom('productWarehouseStock').where('productId', '=', third.id).execute();
    await db.kysely.deleteFrom('products').where('id', '=', third.id).execute();
    const brand = await db.kysely.selectFrom('brands').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();
    const category = await db.kysely.selectFrom('categories').select(['id', 'parentId']).where('level', '=', 2).limit(1).executeTakeFirstOrThrow();
    await insertProduct(db.kysely, {
      code: 'SNAPSHOT-NEW-1',
      brandId: brand.id,
      categoryFirstId: category.parentId ?? 0,
      categorySecondId: category.id,
    });

    const loaded = service(path);
    const built = service(null);
    expect((await loaded.search(params(first.code, { isInStock: true }))).list.map((p) => p.code)).not.toContain(first.code);
    expect((await loaded.search(params('霹雳'))).list.map((p) => p.code)).toEqual([second.code]);
    expect((await loaded.search(params(third.code))).list.map((p) => p.code)).not.toContain(third.code);
    expect((await loaded.search(params('SNAPSHOT-NEW-1'))).list.map((p) => p.code)).toEqual(['SNAPSHOT-NEW-1']);
    expect(await answers(loaded)).toEqual(await answers(built));
    expect(loaded.keeper.readiness?.source).toBe('snapshot');
    expect(loaded.keeper.lastBuild).toBeNull();
  });

  it('builds from the database when the file is corrupt, of another version or older than the pruned log', async () => {
    const corrupt = await freshSnapshot('corrupt');
    const bytes = await readFile(corrupt.path);
    const middle = Math.floor(bytes.length / 2);
    bytes[middle] = (bytes[middle] ?? 0) ^ 0xff;
    await writeFile(corrupt.path, bytes);
    await expect(readSnapshotFile(corrupt.path, searchSnapshotKind, searchSnapshotVersion)).rejects.toThrow('校验和');

    const truncated = await freshSnapshot('truncated');
    await writeFile(truncated.path, (await readFile(truncated.path)).subarray(0, 1000));
    await expect(readSnapshotFile(truncated.path, searchSnapshotKind, searchSnapshotVersion)).rejects.toBeInstanceOf(SnapshotUnusableError);

    const other = join(dir, 'other-version');
    const good = await freshSnapshot('good');
    await writeSnapshotFile(other, searchSnapshotKind, searchSnapshotVersion + 1, await readSnapshotFile(good.path, searchSnapshotKind, searchSnapshotVersion));
    await expect(readSnapshotFile(other, searchSnapshotKind, searchSnapshotVersion)).rejects.toBeInstanceOf(SnapshotUnusableError);

    const reference = await answers(service(null));
    for (const path of [corrupt.path, truncated.path, other, join(dir, 'missing')]) {
      const fallback = service(path);
      expect(await answers(fallback)).toEqual(reference);
      expect(fallback.keeper.readiness?.source).toBe('build');
      expect(fallback.keeper.lastBuild?.products).toBe(2000);
    }

    // Writes after the snapshot, then the log pruned past its seq: the changes are lost to it.
    const pruned = await freshSnapshot('pruned');
    await db.kysely.updateTable('products').set({ stock: 7, updatedAt: Date.now() }).where('id', '=', 10).execute();
    const { maxSeq } = await readSyncState(db);
    await pruneChanges(db, maxSeq, Date.now() + 1);
    expect((await readSyncState(db)).prunedThrough).toBeGreaterThan(pruned.seq);
    const afterPrune = service(pruned.path);
    await afterPrune.search(params('RC0603'));
    expect(afterPrune.keeper.readiness?.source).toBe('build');
  });

  it('maps the file copy-on-write: answers as the file read, and a stock patched in place changes the index, never the file', async () => {
    const { path } = await freshSnapshot('mapped');
    const before = await readFile(path);
    const dictionary = await loadDictionary(db);
    const mapped = await readSearchSnapshot(path, dictionary, { isMapped: true });
    const read = await readSearchSnapshot(path, dictionary);
    // The addon is an optionalDependency: where it did not build, the file is read (and this says so).
    expect(mapped.isMapped).toBe(canMapFiles());
    expect(read.isMapped).toBe(false);
    for (const keyword of ['RC0603', '10k 0603 1%', '国巨', 'LM358']) {
      const query = { keyword, categoryId: null, brandId: null, packageName: null, isInStock: false, sort: 0, offset: 0, limit: 20 } as const;
      expect(mapped.index.search(query)).toEqual(read.index.search(query));
      expect(mapped.index.suggestCodes(keyword, 10)).toEqual(read.index.suggestCodes(keyword, 10));
    }

    const productId = mapped.index.base.data.productIds[0] ?? 0;
    const [doc] = await loadProductDocsByIds(db, [productId]);
    if (!doc) throw new Error('no product');
    mapped.index.applyChanges([{ ...doc, stock: 424_242 }], []);
    expect(mapped.index.base.data.stocks[0]).toBe(424_242);
    expect(mapped.index.overlaySize).toBe(0);
    expect(read.index.base.data.stocks[0]).toBe(doc.stock);
    expect((await readFile(path)).equals(before)).toBe(true);
  });

  it('writes a snapshot after a full build, which the next process loads', async () => {
    const path = join(dir, 'written-by-build');
    const first = service(path);
    const reference = await answers(first);
    expect(first.keeper.readiness?.source).toBe('build');
    await first.keeper.close();
    const { maxSeq } = await readSyncState(db);
    expect(await searchSnapshotSeq(path)).toBe(maxSeq);
    const second = service(path);
    expect(await answers(second)).toEqual(reference);
    expect(second.keeper.readiness?.source).toBe('snapshot');
  });
});
