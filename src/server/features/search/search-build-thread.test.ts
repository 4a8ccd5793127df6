import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../db/create-db.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { seedCatalog } from '../../seed/catalog-seed.ts';
import { insertProduct } from '../../testing/factories.ts';
import { createTestDb, testEngine } from '../../testing/test-db.ts';
import { defaultKeeperOptions, type KeeperOptions } from './search-index.keeper.ts';
import { describeIndexState } from './search-index.metrics.ts';
import { SearchService } from './search.service.ts';
import { searchParamsOf } from './testing/search-fixture.ts';

/**
 * A catalogue larger than `waitForBuildUpTo` is indexed on a thread of its own (search-build.thread.ts): the event
 * loop's thread answers from SQL meanwhile. The thread opens its own connection, so the database here is a file
 * (SQLite) or a server database (PostgreSQL), never the in-memory one of other tests.
 */
let db: Db;
let databaseUrl: string;
let dropDatabase: () => Promise<void>;
let dir: string;
const services: SearchService[] = [];
const logLines: { msg: string; level: number }[] = [];
const logger = pino(
  { level: 'info' },
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) logLines.push(JSON.parse(line) as { msg: string; level: number });
      done();
    },
  }),
);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'search-build-thread-'));
  if (testEngine === 'postgres') {
    const testDb = await createTestDb();
    db = testDb;
    databaseUrl = testDb.url ?? '';
    dropDatabase = () => testDb.drop();
  } else {
    databaseUrl = join(dir, 'store.sqlite');
    db = createDb(databaseUrl);
    await migrateToLatest(db);
    dropDatabase = () => db.destroy();
  }
  await seedCatalog(db, { skus: 3000 });
});
afterEach(async () => {
  await Promise.all(services.splice(0).map((service) => service.keeper.close()));
  logLines.length = 0;
});
afterAll(async () => {
  await dropDatabase();
  await rm(dir, { recursive: true, force: true });
});

function threadService(options: Partial<KeeperOptions> = {}): SearchService {
  const service = new SearchService(db, logger, { ...defaultKeeperOptions, checkIntervalMs: 0, waitForBuildUpTo: 0, databaseUrl, ...options });
  services.push(service);
  return service;
}

async function someCode(): Promise<string> {
  const row = await db.kysely.selectFrom('products').select('code').orderBy('id').offset(1234).limit(1).executeTakeFirstOrThrow();
  return row.code;
}

describe('the search index built on a thread of its own', () => {
  it('answers a search from SQL while the build runs, then from the index, with writes made meanwhile caught up', async () => {
    const code = await someCode();
    const service = threadService();
    service.keeper.start();
    expect(service.keeper.state().kind).toBe('building');

    // Answered by the event loop's thread before the build thread handed its index back.
    const fromSql = await service.search(searchParamsOf(code));
    expect(service.keeper.state().kind).toBe('building');
    expect(service.keeper.isReady).toBe(false);
    expect(fromSql.list.map((product) => product.code)).toContain(code);
    expect(describeIndexState(service.keeper.state())).toMatch(/^building \d+ %, searching from SQL$/);

    const brand = await db.kysely.selectFrom('brands').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();
    const category = await db.kysely.selectFrom('categories').select(['id', 'parentId']).where('level', '=', 2).limit(1).executeTakeFirstOrThrow();
    await insertProduct(db.kysely, { code: 'THREAD-BUILT-NEW-1', brandId: brand.id, categoryFirstId: category.parentId ?? 0, categorySecondId: category.id });

    await service.keeper.catchUp();
    expect(service.keeper.state()).toEqual({ kind: 'ready', source: 'build' });
    expect(describeIndexState(service.keeper.state())).toBe('ready (build)');
    expect(service.keeper.lastBuild?.products).toBeGreaterThanOrEqual(3000);
    const index = await service.keeper.current();
    expect(index?.productCount).toBe(3001);
    expect((await service.search(searchParamsOf(code))).list.map((product) => product.code)).toContain(code);
    expect((await service.search(searchParamsOf('THREAD-BUILT-NEW-1'))).list.map((product) => product.code)).toEqual(['THREAD-BUILT-NEW-1']);
    expect(logLines.map((line) => line.msg)).toContain('search index built');
  });

  it('answers exactly as an index built on the event loop thread', async () => {
    const threaded = threadService();
    const inline = new SearchService(db, logger, { ...defaultKeeperOptions, checkIntervalMs: 0 });
    services.push(inline);
    threaded.keeper.start();
    await threaded.keeper.catchUp();
    for (const key of ['RC0603', '10k 0603 1%', '100nF 50V', '国巨', 'LM358', '电容']) {
      const params = searchParamsOf(key, { isInStock: true, sort: 1 });
      expect(await threaded.search(params)).toEqual(await inline.search(params));
      expect(await threaded.suggest(key)).toEqual(await inline.suggest(key));
    }
  });

  it('falls back to SQL when the build fails, logs it, and tries again only after retryBuildAfterMs', async () => {
    let now = 1_000_000;
    // An empty file: the thread's first read fails (no products table).
    const service = threadService({ databaseUrl: join(dir, 'not-migrated.sqlite'), retryBuildAfterMs: 60_000, clock: { now: () => now } });
    service.keeper.start();
    await service.keeper.catchUp();

    expect(service.keeper.state()).toEqual({ kind: 'failed' });
    expect(describeIndexState(service.keeper.state())).toBe('build failed, searching from SQL until the next build');
    const failure = logLines.find((line) => line.msg === 'search index build failed: searching from SQL');
    expect(failure?.level).toBeGreaterThanOrEqual(40);

    const code = await someCode();
    expect((await service.search(searchParamsOf(code))).list.map((product) => product.code)).toContain(code);
    expect(service.keeper.isBuilding).toBe(false);

    now += 60_000;
    expect(await service.keeper.current()).toBeNull();
    expect(service.keeper.isBuilding).toBe(true);
  });
});
