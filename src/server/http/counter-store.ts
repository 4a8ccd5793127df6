import { Redis } from 'ioredis';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { systemClock, type Clock } from '../ops/clock.ts';

export interface Consumption {
  /** The hit was within the limit. */
  isAllowed: boolean;
  /** Hits in the window, this one included. */
  count: number;
}

/**
 * Fixed-window counters for rate limits. In the database by default; in Redis when
 * REDIS_URL is set, so several app processes share one count without touching SQL.
 *
 * Every limit goes through `consume`: the hit is counted and compared in one atomic step,
 * so concurrent requests can never all see room under the limit (check-then-act).
 */
export interface CounterStore {
  /**
   * The time the windows are counted in when a caller gives none, and the time a rate-limited service reads
   * (`deps.counters.clock.now()`): the system's, or a test's standing clock that keeps a test inside one window.
   */
  readonly clock: Clock;
  /** Counts one hit of `key` in the current window and says whether it is within `limit`. */
  consume(key: string, limit: number, windowSeconds: number, now?: number): Promise<Consumption>;
  /** Takes one hit back: an attempt that turned out not to count (a successful login, a send that did not happen). */
  release(key: string, windowSeconds: number, now?: number): Promise<void>;
  /** The count of `key` in the current window, without adding: for tests and display, never to decide a limit. */
  peek(key: string, windowSeconds: number, now?: number): Promise<number>;
  /** Where counts go now, for /readyz and the metrics. */
  status(): CounterStoreStatus;
  close(): Promise<void>;
}

export interface CounterStoreStatus {
  backend: 'database' | 'redis';
  /** Redis is configured but unreachable: counts go to the database meanwhile. */
  isFallingBack: boolean;
}

function windowStartOf(now: number, windowSeconds: number): number {
  const windowMs = windowSeconds * 1000;
  return Math.floor(now / windowMs) * windowMs;
}

export interface CounterStoreOptions {
  clock?: Clock;
}

export function createDatabaseCounterStore(db: Kysely<Database>, options: CounterStoreOptions = {}): CounterStore {
  const clock = options.clock ?? systemClock;
  return {
    clock,
    async consume(key, limit, windowSeconds, now = clock.now()) {
      const windowStart = windowStartOf(now, windowSeconds);
      const row = await db
        .insertInto('rateCounters')
        .values({ key, windowStart, count: 1, expiresAt: windowStart + windowSeconds * 1000 })
        .onConflict((conflict) => conflict.columns(['key', 'windowStart']).doUpdateSet({ count: sql<number>`rate_counters.count + 1` }))
        .returning('count')
        .executeTakeFirstOrThrow();
      return { isAllowed: row.count <= limit, count: row.count };
    },
    async release(key, windowSeconds, now = clock.now()) {
      await db
        .updateTable('rateCounters')
        .set({ count: sql<number>`count - 1` })
        .where('key', '=', key)
        .where('windowStart', '=', windowStartOf(now, windowSeconds))
        .where('count', '>', 0)
        .execute();
    },
    async peek(key, windowSeconds, now = clock.now()) {
      const row = await db
        .selectFrom('rateCounters')
        .select('count')
        .where('key', '=', key)
        .where('windowStart', '=', windowStartOf(now, windowSeconds))
        .executeTakeFirst();
      return row?.count ?? 0;
    },
    status: () => ({ backend: 'database', isFallingBack: false }),
    async close() {
      // The database pool is the app's to close.
    },
  };
}

/** For the fallback store: fail fast while Redis is away (no offline queue, one retry, short timeouts) and keep reconnecting in the background. */
export const redisClientOptions = {
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  connectTimeout: 2000,
  commandTimeout: 1000,
  retryStrategy: (attempt: number) => Math.min(attempt * 250, 5000),
} as const;

export function createRedisCounterStore(
  url: string,
  prefix = 'rate:',
  redis = new Redis(url, { maxRetriesPerRequest: 2 }),
  options: CounterStoreOptions = {},
): CounterStore {
  const clock = options.clock ?? systemClock;
  const redisKey = (key: string, windowSeconds: number, now: number) => `${prefix}${key}:${windowStartOf(now, windowSeconds)}`;
  return {
    clock,
    async consume(key, limit, windowSeconds, now = clock.now()) {
      const name = redisKey(key, windowSeconds, now);
      const results = await redis
        .multi()
        .incr(name)
        .pexpire(name, windowSeconds * 1000 + 1000)
        .exec();
      const count = results?.[0]?.[1];
      if (typeof count !== 'number') throw new Error(`Redis INCR failed for ${name}`);
      return { isAllowed: count <= limit, count };
    },
    async release(key, windowSeconds, now = clock.now()) {
      // A key that expired meanwhile must not come back as -1.
      await redis.eval(
        "if (tonumber(redis.call('get', KEYS[1]) or '0') > 0) then return redis.call('decr', KEYS[1]) end return 0",
        1,
        redisKey(key, windowSeconds, now),
      );
    },
    async peek(key, windowSeconds, now = clock.now()) {
      const value = await redis.get(redisKey(key, windowSeconds, now));
      return value === null ? 0 : Number(value);
    },
    status: () => ({ backend: 'redis', isFallingBack: false }),
    async close() {
      if (redis.status === 'ready') await redis.quit();
      else redis.disconnect();
    },
  };
}
