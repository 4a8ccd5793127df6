import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../db/database.ts';
import { systemClock, type Clock } from '../ops/clock.ts';

/** The tables whose writes bump a counter in cache_versions (migration 0011 lists the same, with the columns watched; 0056 adds warehouses). */
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
  'warehouses',
] as const;

export type CacheSource = (typeof cacheSources)[number];

/** The counters of one read: cache source → version. */
export type CacheCounters = ReadonlyMap<string, number>;

/**
 * A signal read in the same tick as the counters (the page cache's change log). It is read first, so
 * whatever it finds was written before the counters were read: a page that learns of a change in this
 * tick renders with memo caches that have seen it too.
 */
export interface CacheSignal {
  /** Reads the signal; a failure is the signal's own to report (the tick goes on). */
  beforeCounters(): Promise<void>;
  /** The counters read just after, or the last ones when the read failed. */
  afterCounters(counters: CacheCounters): void;
}

/**
 * The cache tick: what keeps every app process's caches in step with the database. Once per check
 * interval at most, one read of the change signals (cache_versions, and the signals that follow the
 * tick) serves every cache of the process: the memo caches ask for the version of the tables they
 * read before serving and load again when it moved; the page cache drops the pages a change touched.
 */
export interface CacheVersions {
  /** The tick's clock: what else keeps time with the tick reads it (the page cache's change-log gaps). */
  readonly clock: Clock;
  /** The version of the data read from these tables: a memo cache's `version` option. */
  of(...sources: CacheSource[]): () => Promise<number>;
  /** Reads `signal` in every tick from now on, before the counters. */
  follow(signal: CacheSignal): void;
  /** The tick: reads when the last read is older than the check interval; resolves when the read under way is done. */
  sync(): Promise<void>;
  /** Reads now, after any read under way: every write committed before the call is seen when it resolves (tests, the dev hook). */
  refresh(): Promise<void>;
}

export interface CacheVersionsOptions {
  /** How long one read of the counters is believed; the longest a write elsewhere takes to reach this process's caches. */
  checkIntervalMs?: number;
  /** The tick's clock (AppDeps.clock): a test moves it forward instead of waiting out the interval. */
  clock?: Clock;
  /** Where a failed read is reported (the caches keep what they had until the database answers). */
  logger?: Pick<Logger, 'warn'>;
}

export const cacheVersionCheckMs = 1000;

export function createCacheVersions(db: Kysely<Database>, options: CacheVersionsOptions = {}): CacheVersions {
  const interval = options.checkIntervalMs ?? cacheVersionCheckMs;
  const clock = options.clock ?? systemClock;
  const signals: CacheSignal[] = [];
  let counters: CacheCounters = new Map<string, number>();
  let readAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<CacheCounters> | null = null;

  async function readCounters(): Promise<CacheCounters> {
    try {
      const rows = await db.selectFrom('cacheVersions').select(['name', 'version']).execute();
      counters = new Map(rows.map((row) => [row.name, row.version]));
    } catch (error) {
      // Serving what is cached beats failing a page; loads that need the database fail by themselves.
      options.logger?.warn({ err: error }, 'cache versions unreadable');
    }
    return counters;
  }

  async function read(): Promise<CacheCounters> {
    for (const signal of signals) await signal.beforeCounters();
    const fresh = await readCounters();
    for (const signal of signals) signal.afterCounters(fresh);
    return fresh;
  }

  function startRead(): Promise<CacheCounters> {
    // The time the read started bounds how stale the counters can be.
    readAt = clock.now();
    reading = read().finally(() => {
      reading = null;
    });
    return reading;
  }

  function current(): Promise<CacheCounters> {
    if (reading) return reading;
    if (clock.now() - readAt < interval) return Promise.resolve(counters);
    return startRead();
  }

  return {
    clock,
    of(...sources) {
      return async () => {
        const versions = await current();
        let sum = 0;
        for (const source of sources) sum += versions.get(source) ?? 0;
        return sum;
      };
    },
    follow(signal) {
      signals.push(signal);
      // A new follower starts from a read of its own, not from counters read before it listened.
      readAt = Number.NEGATIVE_INFINITY;
    },
    async sync() {
      await current();
    },
    async refresh() {
      // A read under way may have started before the caller's write.
      if (reading) await reading;
      await (reading ?? startRead());
    },
  };
}
