import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../db/database.ts';

/** The tables whose writes bump a counter in cache_versions (migration 0011 lists the same, with the columns watched). */
export const cacheSources = [
  'category_groups',
  'categories',
  'brands',
  'products',
  'product_prices',
  'site_config',
  'hot_labels',
  'friendly_links',
  'ads',
  'banners',
  'news',
  'home_products',
] as const;

export type CacheSource = (typeof cacheSources)[number];

/**
 * What keeps every app process's caches in step with the database: a cache asks for the version
 * of the tables it reads before serving, and loads again when it moved. All caches of a process
 * share one read of cache_versions, at most once per check interval.
 */
export interface CacheVersions {
  /** The version of the data read from these tables: a memo cache's `version` option. */
  of(...sources: CacheSource[]): () => Promise<number>;
}

export interface CacheVersionsOptions {
  /** How long one read of the counters is believed; the longest a write elsewhere takes to reach this process's caches. */
  checkIntervalMs?: number;
  clock?: { now(): number };
  /** Where a failed read is reported (the caches keep what they had until the database answers). */
  logger?: Pick<Logger, 'warn'>;
}

export const cacheVersionCheckMs = 1000;

export function createCacheVersions(db: Kysely<Database>, options: CacheVersionsOptions = {}): CacheVersions {
  const interval = options.checkIntervalMs ?? cacheVersionCheckMs;
  const clock = options.clock ?? Date;
  let counters = new Map<string, number>();
  let readAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<Map<string, number>> | null = null;

  async function read(): Promise<Map<string, number>> {
    try {
      const rows = await db.selectFrom('cacheVersions').select(['name', 'version']).execute();
      counters = new Map(rows.map((row) => [row.name, row.version]));
    } catch (error) {
      // Serving what is cached beats failing a page; loads that need the database fail by themselves.
      options.logger?.warn({ err: error }, 'cache versions unreadable');
    }
    return counters;
  }

  function current(): Promise<Map<string, number>> {
    if (reading) return reading;
    if (clock.now() - readAt < interval) return Promise.resolve(counters);
    // The time the read started bounds how stale the counters can be.
    readAt = clock.now();
    reading = read().finally(() => {
      reading = null;
    });
    return reading;
  }

  return {
    of(...sources) {
      return async () => {
        const versions = await current();
        let sum = 0;
        for (const source of sources) sum += versions.get(source) ?? 0;
        return sum;
      };
    },
  };
}
