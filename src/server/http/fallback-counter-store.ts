import { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../db/database.ts';
import { createDatabaseCounterStore, createRedisCounterStore, redisClientOptions, type CounterStore, type CounterStoreOptions } from './counter-store.ts';

/**
 * Redis counters that fall back to the database counters while Redis is unreachable
 * (decision 0009). The database is shared by every process and counts atomically too, so
 * the limits hold during an outage: a key's count starts again in the database, so for
 * the window of the switch a client may get one more window's worth, never an open limit.
 * Logins, SMS sends and ad closes keep working; /readyz and the metrics say it is degraded.
 */
export function createFallbackCounterStore(
  redisUrl: string,
  db: Kysely<Database>,
  logger: Logger,
  prefix?: string,
  options: CounterStoreOptions = {},
): CounterStore {
  const redis = new Redis(redisUrl, redisClientOptions);
  const primary = createRedisCounterStore(redisUrl, prefix, redis, options);
  const fallback = createDatabaseCounterStore(db, options);
  let isDown = false;
  let isClosing = false;

  function markDown(error: unknown) {
    if (isDown) return;
    isDown = true;
    logger.warn({ err: error }, 'Redis unreachable: rate-limit counters use the database until it returns');
  }
  // ioredis reports every failed reconnect; one warning per outage is enough (and keeps its own stderr lines away).
  redis.on('error', markDown);
  // A dropped connection may be noticed as a close before any command or reconnect fails.
  redis.on('close', () => {
    if (!isClosing) markDown(new Error('Redis connection closed'));
  });
  redis.on('ready', () => {
    if (!isDown) return;
    isDown = false;
    logger.info('Redis reachable again: rate-limit counters are back in Redis');
  });

  async function route<Result>(operation: (store: CounterStore) => Promise<Result>): Promise<Result> {
    if (redis.status !== 'ready') return operation(fallback);
    try {
      return await operation(primary);
    } catch (error) {
      markDown(error);
      return operation(fallback);
    }
  }

  return {
    clock: primary.clock,
    consume: (key, limit, windowSeconds, now) => route((store) => store.consume(key, limit, windowSeconds, now)),
    release: (key, windowSeconds, now) => route((store) => store.release(key, windowSeconds, now)),
    consumeSliding: (limit, now) => route((store) => store.consumeSliding(limit, now)),
    peek: (key, windowSeconds, now) => route((store) => store.peek(key, windowSeconds, now)),
    status: () => ({ backend: 'redis', isFallingBack: redis.status !== 'ready' }),
    close: () => {
      isClosing = true;
      return primary.close();
    },
  };
}

/**
 * Keys of one store in a Redis that may serve several (a staging and a production store, the
 * test suites): named after the store's database, so members of one are never locked by another's counts.
 */
export function redisKeyPrefixOf(databaseUrl: string): string {
  const name = /^postgres(ql)?:\/\//.test(databaseUrl) ? new URL(databaseUrl).pathname.replace(/^\//, '') : databaseUrl;
  return `rate:${name}:`;
}

export function createCounterStore(redisUrl: string | undefined, db: Kysely<Database>, logger: Logger, databaseUrl: string): CounterStore {
  return redisUrl ? createFallbackCounterStore(redisUrl, db, logger, redisKeyPrefixOf(databaseUrl)) : createDatabaseCounterStore(db);
}
