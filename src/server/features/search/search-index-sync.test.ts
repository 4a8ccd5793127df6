import type { KyselyPlugin } from 'kysely';
import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SearchResult } from '../../../contract/search.ts';
import { searchCalls } from '../../../contract/search-calls.ts';
import { buildApp } from '../../app.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/create-db.ts';
import { insertProduct } from '../../testing/factories.ts';
import { TestBrowser } from '../../testing/test-app.ts';
import { createTestClock } from '../../testing/test-clock.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { pruneChanges, readSyncState } from '../../cache/catalog-changes.ts';
import { defaultKeeperOptions } from './search-index.keeper.ts';
import { SearchService } from './search.service.ts';
import { insertSearchFixture, searchParamsOf } from './testing/search-fixture.ts';

const testApp = useTestApp({ fixture: (app) => insertSearchFixture(app.db) });
const logger = pino({ level: 'silent' });
const services: SearchService[] = [];

afterEach(async () => {
  await Promise.all(services.splice(0).map((service) => service.keeper.close()));
});

const params = searchParamsOf;
const codesOf = (result: SearchResult) => result.list.map((product) => product.code);

/** A service that checks the change log on every request, as if a second's wait had passed. */
function eagerService(): SearchService {
  const service = new SearchService(testApp.db, logger, { ...defaultKeeperOptions, checkIntervalMs: 0 });
  services.push(service);
  return service;
}

function productId(code: string): number {
  const id = testApp.fixture.products.get(code);
  if (id === undefined) throw new Error(`no ${code} in the fixture`);
  return id;
}

describe('the index follows product writes', () => {
  it('updates stock and price in place', async () => {
    const service = eagerService();
    const id = productId('RC0603JR-0710KL');
    expect((await service.search(params('10k', { isInStock: true }))).total).toBe(3);
    await testApp.db.kysely.updateTable('products').set({ stock: 0 }).where('id', '=', id).execute();
    await testApp.db.kysely.updateTable('productPrices').set({ priceE4: 1 }).where('productId', '=', id).where('qtyStart', '=', 1).execute();
    const inStock = await service.search(params('10k', { isInStock: true }));
    expect(inStock.total).toBe(2);
    expect(codesOf(await service.search(params('10k', { sort: 1 })))[0]).toBe('RC0603JR-0710KL');
    expect((await service.keeper.current())?.overlaySize).toBe(0);
  });

  it('finds a renamed part under its new code only', async () => {
    const service = eagerService();
    const id = productId('TPS5430DDAR');
    expect(codesOf(await service.search(params('TPS5430')))).toEqual(['TPS5430DDAR']);
    await testApp.db.kysely.updateTable('products').set({ code: 'TPS54302DDCR', codeNorm: 'TPS54302DDCR' }).where('id', '=', id).execute();
    expect(codesOf(await service.search(params('TPS54302')))).toEqual(['TPS54302DDCR']);
    expect((await service.search(params('TPS5430DDAR'))).total).toBe(0);
    expect(await service.suggest('tps5430')).toEqual([{ key: 'TPS54302DDCR', searchResultCount: 1 }]);
  });

  it('finds a new part with its parameters, and forgets a deleted one', async () => {
    const service = eagerService();
    expect((await service.search(params('4K7'))).total).toBe(1);
    const id = await insertProduct(testApp.db.kysely, {
      code: 'RC0603FR-074K7L-NEW',
      brandId: testApp.fixture.brands.yageo,
      categoryFirstId: testApp.fixture.categories.resistor,
      categorySecondId: testApp.fixture.categories.chipResistor,
      package: '0603',
      description: '厚膜贴片电阻 4.7kΩ',
      stock: 1,
      prices: [],
    });
    const resistance = await testApp.db.kysely.selectFrom('attributes').select('id').where('name', '=', '阻值').executeTakeFirstOrThrow();
    await testApp.db.kysely.insertInto('productParams').values({ productId: id, attributeId: resistance.id, valueText: '4.7kΩ', valueNum: 4700 }).execute();
    expect(codesOf(await service.search(params('4K7'))).sort()).toEqual(['RC0603FR-074K7L', 'RC0603FR-074K7L-NEW']);

    await testApp.db.kysely.deleteFrom('productParams').where('productId', '=', id).execute();
    await testApp.db.kysely.deleteFrom('products').where('id', '=', id).execute();
    expect(codesOf(await service.search(params('4K7')))).toEqual(['RC0603FR-074K7L']);
    expect(await service.suggest('RC0603FR-074K7L')).toEqual([{ key: 'RC0603FR-074K7L', searchResultCount: 1 }]);
  });

  it('rebuilds when a brand is renamed', async () => {
    const service = eagerService();
    expect((await service.search(params('安世'))).total).toBe(1);
    await testApp.db.kysely.updateTable('brands').set({ nameCn: '安世半导体' }).where('id', '=', testApp.fixture.brands.nexperia).execute();
    // The rename is noticed on the next request, which starts a rebuild; the rebuilt index knows the new name.
    await service.search(params('安世'));
    await vi.waitFor(async () => expect(await service.suggest('安世半导体')).toEqual([{ key: '安世半导体', searchResultCount: 1 }]), {
      timeout: 5000,
      interval: 50,
    });
  });

  it('catchUp (the dev hook) answers after the rebuild a brand rename starts: the next search knows the new name', async () => {
    const service = eagerService();
    await service.search(params('安世'));
    const slow = new SearchService(testApp.db, logger, { ...defaultKeeperOptions, checkIntervalMs: 60_000 });
    services.push(slow);
    await slow.search(params('安世'));
    await testApp.db.kysely.updateTable('brands').set({ nameCn: '安世电子' }).where('id', '=', testApp.fixture.brands.nexperia).execute();
    await slow.keeper.catchUp();
    expect(await slow.suggest('安世电子')).toEqual([{ key: '安世电子', searchResultCount: 1 }]);
  });

  it('applies a backlog longer than one page of the log in one check (a price list over thousands of parts)', async () => {
    const service = eagerService();
    await service.search(params('LM358'));
    const id = productId('LM358DR');
    // About 60 parts written 120 times: more change rows than one page (5,000) holds.
    for (let round = 1; round <= 120; round++) await testApp.db.kysely.updateTable('products').set({ stock: round }).execute();
    expect((await readSyncState(testApp.db)).maxSeq).toBeGreaterThan(5000);
    await service.keeper.catchUp();
    expect(await service.keeper.lag()).toBe(0);
    expect((await service.search(params('LM358DR'))).list.find((part) => part.productId === id)?.stock).toBe(120);
  });

  it('rebuilds when changes it has not read were pruned from the log', async () => {
    const service = eagerService();
    await service.search(params('LM358'));
    const index = await service.keeper.current();
    await testApp.db.kysely.updateTable('products').set({ stock: 7 }).where('id', '=', productId('LM358DR')).execute();
    const { maxSeq } = await readSyncState(testApp.db);
    await pruneChanges(testApp.db, maxSeq, Date.now() + 1000);
    await service.search(params('LM358'));
    await vi.waitFor(async () => expect(await service.keeper.current()).not.toBe(index), { timeout: 5000, interval: 50 });
    expect((await service.search(params('LM358DR'))).list[0]?.stock).toBe(7);
  });
});

/**
 * A database whose next start of a check (its read of catalog_sync), once `holdNext` is called, answers only when
 * released; the read itself has run. On SQLite the held read keeps Kysely's one connection, so a write meanwhile goes
 * through the driver's own handle (setStockBeside).
 */
function withHeldChecks(db: Db) {
  let hold: { queryId?: unknown; reached: () => void; released: Promise<void> } | null = null;
  const plugin: KyselyPlugin = {
    transformQuery({ node, queryId }) {
      if (hold && hold.queryId === undefined && /catalog_?[sS]ync/.test(JSON.stringify(node))) hold.queryId = queryId;
      return node;
    },
    async transformResult({ result, queryId }) {
      if (hold?.queryId === queryId) {
        const { reached, released } = hold;
        hold = null;
        reached();
        await released;
      }
      return result;
    },
  };
  return {
    db: { ...db, kysely: db.kysely.withPlugin(plugin) },
    holdNext() {
      let reached!: () => void;
      let release!: () => void;
      const hasReached = new Promise<void>((resolve) => (reached = resolve));
      hold = { reached, released: new Promise<void>((resolve) => (release = resolve)) };
      return { hasReached, release };
    },
  };
}

async function setStockBeside(id: number, stock: number): Promise<void> {
  const sqlite = testApp.db.sqlite;
  if (sqlite) sqlite.prepare('update products set stock = ? where id = ?').run(stock, id);
  else await testApp.db.kysely.updateTable('products').set({ stock }).where('id', '=', id).execute();
}

describe('a search past the interval sees every change committed before it asked', () => {
  // Whether a part is in stock is the index's own answer (the list's figures are read from the database).
  const inStockCodes = async (service: SearchService) => codesOf(await service.search(params('LM358', { isInStock: true })));
  /** A service on a standing clock whose checks of the change log can be held (withHeldChecks). */
  function serviceWithHeldChecks() {
    const clock = createTestClock(Date.now());
    const checks = withHeldChecks(testApp.db);
    const service = new SearchService(checks.db, logger, { ...defaultKeeperOptions, clock });
    services.push(service);
    return { clock, checks, service };
  }

  it('after a check that read the log before the change (the follower’s), it checks again', async () => {
    const { clock, checks, service } = serviceWithHeldChecks();
    await setStockBeside(productId('LM358DR'), 10);
    expect(await inStockCodes(service)).toContain('LM358DR');
    const held = checks.holdNext();
    const earlier = service.keeper.follow.run();
    await held.hasReached;
    await setStockBeside(productId('LM358DR'), 0);
    clock.advance(defaultKeeperOptions.checkIntervalMs);
    const answer = inStockCodes(service);
    held.release();
    expect(await answer).not.toContain('LM358DR');
    await earlier;
  });

  it('waits for a check under way that began after the change, instead of answering from the index before it', async () => {
    const { clock, checks, service } = serviceWithHeldChecks();
    await setStockBeside(productId('LM358DR'), 0);
    expect(await inStockCodes(service)).not.toContain('LM358DR');
    await setStockBeside(productId('LM358DR'), 1234);
    clock.advance(defaultKeeperOptions.checkIntervalMs);
    const held = checks.holdNext();
    const check = service.keeper.follow.run();
    await held.hasReached;
    const answer = inStockCodes(service);
    held.release();
    expect(await answer).toContain('LM358DR');
    await check;
  });
});

describe('pruning the change log', () => {
  it('deletes only old rows up to the seq given, and records how far it went', async () => {
    await testApp.db.kysely.updateTable('products').set({ stock: 2 }).where('id', '=', productId('LT1763CS8#PBF')).execute();
    const before = await readSyncState(testApp.db);
    // Nothing is older than the epoch.
    expect(await pruneChanges(testApp.db, before.maxSeq, 0)).toBe(0);
    await testApp.db.kysely.updateTable('products').set({ stock: 3 }).where('id', '=', productId('AMS1117-3.3')).execute();
    const after = await readSyncState(testApp.db);
    expect(after.maxSeq).toBeGreaterThan(before.maxSeq);
    const old = await testApp.db.kysely.selectFrom('catalogChanges').select('seq').where('seq', '<=', before.maxSeq).execute();
    // Batches of 2 seqs: many small deletes, oldest first.
    const deleted = await pruneChanges(testApp.db, before.maxSeq, Date.now() + 1000, 2);
    expect(old.length).toBeGreaterThan(0);
    expect(deleted).toBe(old.length);
    const remaining = await testApp.db.kysely.selectFrom('catalogChanges').select('seq').execute();
    expect(remaining.map((row) => row.seq).sort((a, b) => a - b)[0]).toBeGreaterThan(before.maxSeq);
    expect((await readSyncState(testApp.db)).prunedThrough).toBe(before.maxSeq);
  });

  // Each process prunes on its own timer: the delete and the prunedThrough update re-check their bounds in the statements themselves.
  it('keeps the log consistent when several processes prune at once', async () => {
    for (const stock of [11, 12, 13, 14, 15, 16]) {
      await testApp.db.kysely.updateTable('products').set({ stock }).where('id', '=', productId('LM358DR')).execute();
    }
    const { maxSeq, prunedThrough } = await readSyncState(testApp.db);
    const before = await testApp.db.kysely.selectFrom('catalogChanges').select('seq').execute();
    const bounds = [maxSeq - 3, maxSeq, maxSeq - 1, maxSeq - 2, maxSeq];
    const deleted = await Promise.all(bounds.map((bound) => pruneChanges(testApp.db, bound, Date.now() + 1000, 1)));
    const remaining = await testApp.db.kysely.selectFrom('catalogChanges').select('seq').execute();
    expect(deleted.reduce((sum, count) => sum + count, 0)).toBe(before.length - remaining.length);
    expect(remaining).toEqual([]);
    expect((await readSyncState(testApp.db)).prunedThrough).toBe(Math.max(prunedThrough, maxSeq));
  });
});

describe('several app processes on one database', () => {
  it('a second app finds a part changed through the first', async () => {
    const secondDeps: AppDeps = { ...testApp.deps };
    const second = await buildApp(secondDeps);
    await second.ready();
    try {
      const first = testApp.browser();
      const other = new TestBrowser(second);
      const suggest = async (browser: TestBrowser, key: string) => browser.callOk(searchCalls.searchAssociateWord, { key });
      expect(await suggest(other, 'LM358')).toEqual([{ key: 'LM358DR', searchResultCount: 1 }]);
      expect(await suggest(first, 'LM358')).toEqual([{ key: 'LM358DR', searchResultCount: 1 }]);

      await testApp.db.kysely.updateTable('products').set({ code: 'LM358DGKR', codeNorm: 'LM358DGKR' }).where('id', '=', productId('LM358DR')).execute();

      // Each app checks the change log at most once a second, by the clock both share.
      testApp.clock.advance(defaultKeeperOptions.checkIntervalMs);
      expect(await suggest(other, 'LM358')).toEqual([{ key: 'LM358DGKR', searchResultCount: 1 }]);
      expect(await suggest(first, 'LM358')).toEqual([{ key: 'LM358DGKR', searchResultCount: 1 }]);
    } finally {
      await second.close();
    }
  });
});

describe('answering from SQL while a large catalogue is indexed', () => {
  it('gives the same parts as the index for codes, brands, categories and words', async () => {
    const keys = ['STM32F103', 'rc0603fr0710kl', 'LM358DR/TR', '德州仪器', '电阻', '降压', 'RC0402', 'F103C8'];
    const fallback = new SearchService(testApp.db, logger, { ...defaultKeeperOptions, waitForBuildUpTo: -1 });
    services.push(fallback);
    expect(fallback.keeper.isReady).toBe(false);
    const fromSql = await Promise.all(keys.map((key) => fallback.search(params(key, { sort: 3 }))));
    const indexed = eagerService();
    const fromIndex = await Promise.all(keys.map((key) => indexed.search(params(key, { sort: 3 }))));
    keys.forEach((key, i) => {
      expect({ key, total: fromSql[i]?.total, codes: fromSql[i] && codesOf(fromSql[i]).sort() }).toEqual({
        key,
        total: fromIndex[i]?.total,
        codes: fromIndex[i] && codesOf(fromIndex[i]).sort(),
      });
      expect(fromSql[i]?.facets.brands).toEqual(fromIndex[i]?.facets.brands);
    });
  });

  it('suggests part numbers, brands and categories from SQL too', async () => {
    const fallback = new SearchService(testApp.db, logger, { ...defaultKeeperOptions, waitForBuildUpTo: -1 });
    services.push(fallback);
    expect(await fallback.suggest('stm32f103')).toEqual([
      { key: 'STM32F103C8T6', searchResultCount: 2 },
      { key: 'STM32F103C8T6TR', searchResultCount: 1 },
      { key: 'STM32F103RBT6', searchResultCount: 1 },
    ]);
    expect(await fallback.suggest('德州')).toEqual([{ key: '德州仪器', searchResultCount: 2 }]);
  });
});
