import Fastify from 'fastify';
import { pino } from 'pino';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { consoleFeatureRegistrations, featureRegistrations } from './all-features.ts';
import type { FeatureDeps } from './feature-registration.ts';
import { createCacheVersions } from '../cache/cache-versions.ts';
import { createDatabaseCounterStore } from '../http/counter-store.ts';
import { createSmsProvider } from './account/sms/create-sms-provider.ts';
import { createOps } from '../ops/ops.ts';
import { testConfig } from '../testing/test-app.ts';
import { createTestDb } from '../testing/test-db.ts';
import type { Page } from '../ssr/page-registry.ts';
import { SearchService } from './search/search.service.ts';
import { systemClock } from '../ops/clock.ts';
import { entrySourcePath } from '../ssr/entry-files.ts';
import { createWorkPool } from '../work/work-pool.ts';

/** A page is named three times: its route, its browser entry and its component. They must agree. */
describe('page entries', () => {
  it('each page has a browser entry that hydrates the component the server renders', async () => {
    const database = await createTestDb();
    const config = testConfig();
    const counters = createDatabaseCounterStore(database.kysely);
    const deps: FeatureDeps = {
      db: database.kysely,
      database,
      config,
      logger: pino({ level: 'silent' }),
      counters,
      sms: createSmsProvider(config, database.kysely),
      ops: createOps({ db: database, counters }, { withProcessMetrics: false }),
      cacheVersions: createCacheVersions(database.kysely),
      search: new SearchService(database, pino({ level: 'silent' })),
      workPool: createWorkPool({ threads: 1 }, pino({ level: 'silent' })),
      clock: systemClock,
    };
    const app = Fastify();
    const pages: Page[] = [];
    for (const register of [...featureRegistrations, ...consoleFeatureRegistrations]) register(app, deps, pages);
    await app.close();
    await database.drop();

    expect(pages.length).toBeGreaterThan(15);
    for (const page of pages) {
      const source = readFileSync(resolve(import.meta.dirname, '../../..', entrySourcePath(page.entry)), 'utf8');
      expect(source, `${page.path} → ${entrySourcePath(page.entry)}`).toContain(`hydratePage(${page.componentName});`);
    }
  });
});
