import { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Db } from '../db/create-db.ts';

/**
 * Fixed-window counters for rate limits. In the database by default; in Redis when
 * REDIS_URL is set, so several app processes share one count without touching SQL.
 */
export interface CounterStore {
  /** Adds one to `key` in the current window and returns the count including this hit. */
  increment(key: string, windowSeconds: number, now?: number): Promise<number>;
  /** The count of `key` in the current window, without adding. */
  peek(key: string, windowSeconds: number, now?: number): Promise<number>;
  close(): Promise<void>;
}

function windowStartOf(now: number, windowSeconds: number): number {
  const windowMs = windowSeconds * 1000;
  return Math.floor(now / windowMs) * windowMs;
}

export function createDatabaseCounterStore(db: Db): CounterStore {
  return {
    async increment(key, windowSeconds, now = Date.now()) {
      const windowStart = windowStartOf(now, windowSeconds);
      const row = await db.kysely
        .insertInto('rateCounters')
        .values({ key, windowStart, count: 1, expiresAt: windowStart + windowSeconds * 1000 })
        .onConflict((conflict) => conflict.columns(['key', 'windowStart']).doUpdateSet({ count: sql<number>`rate_counters.count + 1` }))
        .returning('count')
        .executeTakeFirstOrThrow();
      return row.count;
    },
    async peek(key, windowSeconds, now = Date.now()) {
      const row = await db.kysely
        .selectFrom('rateCounters')
        .select('count')
        .where('key', '=', key)
        .where('windowStart', '=', windowStartOf(now, windowSeconds))
        .executeTakeFirst();
      return row?.count ?? 0;
    },
    async close() {},
  };
}

export function createRedisCounterStore(url: string, prefix = 'rate:'): CounterStore {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false });
  const redisKey = (key: string, windowSeconds: number, now: number) => `${prefix}${key}:${windowStartOf(now, windowSeconds)}`;
  return {
    async increment(key, windowSeconds, now = Date.now()) {
      const name = redisKey(key, windowSeconds, now);
      const results = await redis.multi().incr(name).pexpire(name, windowSeconds * 1000 + 1000).exec();
      const count = results?.[0]?.[1];
      if (typeof count !== 'number') throw new Error(`Redis INCR failed for ${name}`);
      return count;
    },
    async peek(key, windowSeconds, now = Date.now()) {
      const value = await redis.get(redisKey(key, windowSeconds, now));
      return value === null ? 0 : Number(value);
    },
    async close() {
      await redis.quit();
    },
  };
}

export function createCounterStore(redisUrl: string | undefined, db: Db): CounterStore {
  return redisUrl ? createRedisCounterStore(redisUrl) : createDatabaseCounterStore(db);
}
