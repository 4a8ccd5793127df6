import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCacheVersions } from '../cache/cache-versions.ts';
import { createCatalogContext } from '../features/catalog/catalog-context.ts';
import { warmChooseIndexes } from '../features/catalog/choose/choose.service.ts';
import { defaultKeeperOptions } from '../features/search/search-index.keeper.ts';
import { SearchService } from '../features/search/search.service.ts';
import { createTestDb, type TestDb } from '../testing/test-db.ts';
import { seedDemoData } from './seed.ts';
import { writeIndexSnapshots } from './index-snapshots.ts';

/** `npm run seed` ends by writing both index snapshots: the first start loads them instead of building. */
let db: TestDb;
let dir: string;
const logger = pino({ level: 'silent' });

beforeAll(async () => {
  db = await createTestDb();
  await seedDemoData(db, { skus: 2000 });
  dir = await mkdtemp(join(tmpdir(), 'seed-snapshots-'));
});
afterAll(async () => {
  await db.drop();
  await rm(dir, { recursive: true, force: true });
});

describe('the seed writes the index snapshots', () => {
  it('writes search and choose snapshots that the next start loads without building, replacing an older file', async () => {
    const base = join(dir, 'store.sqlite');
    await writeFile(`${base}.search-index`, 'an older catalogue');
    const written = await writeIndexSnapshots(db, base);
    expect(written.search.bytes).toBeGreaterThan(0);
    expect(written.choose.bytes).toBeGreaterThan(0);

    const search = new SearchService(db, logger, { ...defaultKeeperOptions, snapshotPath: written.search.path });
    try {
      expect((await search.keeper.current())?.productCount).toBe(2000);
      expect(search.keeper.readiness?.source).toBe('snapshot');
      expect(search.keeper.lastBuild).toBeNull();
    } finally {
      await search.keeper.close();
    }
    const context = createCatalogContext({ db: db.kysely, logger, cacheVersions: createCacheVersions(db.kysely) });
    expect(await warmChooseIndexes(context, () => false, written.choose.path)).toMatchObject({ built: 0, snapshotProblem: null });
  });
});
