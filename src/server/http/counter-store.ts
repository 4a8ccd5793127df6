import { Redis } from 'ioredis';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { systemClock, type Clock } from '../ops/clock.ts';
import {
  oldestCountedSlotOf,
  slidingConsumptionOf,
  slotMsOf,
  slotsPerWindow,
  slotStartOf,
  type SlidingConsumption,
  type SlidingLimit,
  type SlotCount,
} from './sliding-window.ts';

export interface Consumption {
  /** The hit was within the limit. */
  isAllowed: boolean;
  /** Hits in the window, this one included. */
  count: number;
}

/**
 * Counters for rate limits: fixed windows (`consume`) and sliding ones (`consumeSliding`,
 * sliding-window.ts); a key is counted one way only. In the database by default; in Redis when
 * REDIS_URL is set, so several app processes share one count without touching SQL.
 *
 * Every limit counts its hit and compares in one step (an atomic increment, then the count that
 * includes it), so concurrent requests can never all see room under the limit (check-then-act).
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
  /**
   * Counts one hit of `limit.key` against the window that ends now (its 60 one-slot counters)
   * and says whether it is within the limit, with the times a client is told (X-RateLimit-Reset,
   * Retry-After). A refused hit is taken back unless `countsRefused`.
   */
  consumeSliding(limit: SlidingLimit, now?: number): Promise<SlidingConsumption>;
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
      await takeBackRow(db, key, windowStartOf(now, windowSeconds));
    },
    async consumeSliding({ key, limit, windowSeconds, countsRefused = false }, now = clock.now()) {
      const slotStart = slotStartOf(now, windowSeconds);
      // The hit first, then the other slots, later ones too (a hit whose clock read was later may already be in the next slot):
      // of any two concurrent hits the later reader sees the other's, so no more than the limit are ever allowed.
      const current = await db
        .insertInto('rateCounters')
        .values({ key, windowStart: slotStart, count: 1, expiresAt: slotStart + (slotsPerWindow + 1) * slotMsOf(windowSeconds) })
        .onConflict((conflict) => conflict.columns(['key', 'windowStart']).doUpdateSet({ count: sql<number>`rate_counters.count + 1` }))
        .returning('count')
        .executeTakeFirstOrThrow();
      const others = await db
        .selectFrom('rateCounters')
        .select(['windowStart', 'count'])
        .where('key', '=', key)
        .where('windowStart', '>=', oldestCountedSlotOf(now, windowSeconds))
        .where('windowStart', '<>', slotStart)
        .execute();
      const slots: SlotCount[] = [...others.map((row) => ({ slotStart: row.windowStart, count: row.count })), { slotStart, count: current.count }];
      const isAllowed = slots.reduce((sum, slot) => sum + slot.count, 0) <= limit;
      if (isAllowed || countsRefused) return slidingConsumptionOf(slots, limit, windowSeconds, now, isAllowed);
      await takeBackRow(db, key, slotStart);
      return slidingConsumptionOf(withoutHit(slots, slotStart), limit, windowSeconds, now, isAllowed);
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

async function takeBackRow(db: Kysely<Database>, key: string, windowStart: number): Promise<void> {
  await db
    .updateTable('rateCounters')
    .set({ count: sql<number>`count - 1` })
    .where('key', '=', key)
    .where('windowStart', '=', windowStart)
    .where('count', '>', 0)
    .execute();
}

function withoutHit(slots: readonly SlotCount[], slotStart: number): SlotCount[] {
  return slots.map((slot) => (slot.slotStart === slotStart ? { ...slot, count: slot.count - 1 } : slot));
}

/**
 * One sliding hit in Redis, atomically: the key's slots are the fields of one hash (slot start →
 * count). Counts the hit, drops slots that no longer count, sums the rest (a later slot too: a
 * process whose clock read was later got there first), takes a refused hit back unless told to
 * keep it, and answers [allowed, the hash's fields].
 */
const slidingHitScript = `
local oldest = tonumber(ARGV[2])
redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
local fields = redis.call('HGETALL', KEYS[1])
local total = 0
for i = 1, #fields, 2 do
  if tonumber(fields[i]) < oldest then
    redis.call('HDEL', KEYS[1], fields[i])
  else
    total = total + tonumber(fields[i + 1])
  end
end
local allowed = total <= tonumber(ARGV[3])
if (not allowed) and ARGV[4] == '0' then
  redis.call('HINCRBY', KEYS[1], ARGV[1], -1)
end
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return { allowed and 1 or 0, redis.call('HGETALL', KEYS[1]) }
`;

function slotsOfReply(reply: unknown, oldest: number): { isAllowed: boolean; slots: SlotCount[] } {
  if (!Array.isArray(reply) || !Array.isArray(reply[1])) throw new Error('Redis sliding hit: unexpected reply');
  const fields = reply[1] as unknown[];
  const slots: SlotCount[] = [];
  for (let index = 0; index + 1 < fields.length; index += 2) {
    const slotStart = Number(fields[index]);
    if (slotStart >= oldest) slots.push({ slotStart, count: Number(fields[index + 1]) });
  }
  return { isAllowed: reply[0] === 1, slots };
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
    async consumeSliding({ key, limit, windowSeconds, countsRefused = false }, now = clock.now()) {
      const slotStart = slotStartOf(now, windowSeconds);
      const oldest = oldestCountedSlotOf(now, windowSeconds);
      const keepMs = (slotsPerWindow + 1) * slotMsOf(windowSeconds) + 1000;
      const reply = await redis.eval(slidingHitScript, 1, `${prefix}${key}:sliding`, slotStart, oldest, limit, countsRefused ? '1' : '0', keepMs);
      const { isAllowed, slots } = slotsOfReply(reply, oldest);
      return slidingConsumptionOf(slots, limit, windowSeconds, now, isAllowed);
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
