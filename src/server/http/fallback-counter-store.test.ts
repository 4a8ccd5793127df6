import { randomBytes } from 'node:crypto';
import { pino } from 'pino';
import { createServer, type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createFallbackCounterStore } from './fallback-counter-store.ts';
import { TcpProxy } from '../testing/tcp-proxy.ts';
import { createTestDb, type TestDb } from '../testing/test-db.ts';

function capturedLogger() {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as { level: number; msg: string });
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  await vi.waitFor(
    async () => {
      if (!(await check())) throw new Error('condition not met in time');
    },
    { timeout: timeoutMs, interval: 50 },
  );
}

/** A "Redis" that hangs up on every connection, counting the client's attempts to reconnect. */
async function hangingUpServer(): Promise<{ url: string; attempts: () => number; close: () => Promise<void> }> {
  let attempts = 0;
  const server = createServer((socket) => {
    attempts++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `redis://127.0.0.1:${String((server.address() as AddressInfo).port)}`,
    attempts: () => attempts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const hour = 3600;

describe('rate-limit counters when Redis is unreachable', () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(async () => {
    await db.drop();
  });

  it('keeps every limit exact in the database and logs one warning through pino', async () => {
    const { logger, lines } = capturedLogger();
    const redis = await hangingUpServer();
    const store = createFallbackCounterStore(redis.url, db.kysely, logger);
    try {
      const answers = await Promise.all(Array.from({ length: 8 }, () => store.consume('login:ip:203.0.113.5', 5, 900)));
      expect(answers.filter((answer) => answer.isAllowed)).toHaveLength(5);
      const sliding = await Promise.all(Array.from({ length: 8 }, () => store.consumeSliding({ key: 'open-api:rate:1', limit: 5, windowSeconds: 60 })));
      expect(sliding.filter((answer) => answer.isAllowed)).toHaveLength(5);
      expect(store.status()).toEqual({ backend: 'redis', isFallingBack: true });
      // ioredis reports each failed reconnect: after several, still one warning.
      await eventually(() => redis.attempts() >= 4);
      expect(lines.filter((line) => line.level === 40 && line.msg.includes('Redis unreachable'))).toHaveLength(1);
    } finally {
      await store.close();
      await redis.close();
    }
  });
});

// The Redis suites run where a Redis server is given (CI sets TEST_REDIS_URL, and then an unreachable one fails them).
const redisUrl = process.env.TEST_REDIS_URL;
describe.runIf(redisUrl)('rate-limit counters when Redis goes away and returns', () => {
  let db: TestDb;
  let proxy: TcpProxy;
  beforeAll(async () => {
    db = await createTestDb();
    const target = new URL(redisUrl ?? '');
    proxy = new TcpProxy(target.hostname, Number(target.port || 6379));
    await proxy.open();
  });
  afterAll(async () => {
    await proxy.cut();
    await db.drop();
  });

  it('counts in Redis, in the database while Redis is cut, and in Redis again once it is back', async () => {
    const { logger, lines } = capturedLogger();
    const store = createFallbackCounterStore(proxy.urlFor(redisUrl ?? ''), db.kysely, logger, `test:${randomBytes(6).toString('hex')}:`);
    // Counts live in fixed windows: one instant and an hour's window keep every count of the test in one window.
    const now = Date.now();
    try {
      await eventually(() => !store.status().isFallingBack);
      expect(await store.consume('sms:phone:1', 3, hour, now)).toEqual({ isAllowed: true, count: 1 });
      expect(await db.kysely.selectFrom('rateCounters').select('count').where('key', '=', 'sms:phone:1').execute()).toEqual([]);

      await proxy.cut();
      // Commands already on the wire when Redis went away may still count there (decision 0009's
      // switch window); once the store knows Redis is gone, every count is in the database and exact.
      await eventually(() => store.status().isFallingBack);
      const during = await Promise.all(Array.from({ length: 5 }, () => store.consume('sms:phone:1', 3, hour, now)));
      expect(during.every((answer) => answer.count >= 1)).toBe(true);
      expect(during.filter((answer) => answer.isAllowed)).toHaveLength(3);
      expect(store.status().isFallingBack).toBe(true);

      await proxy.open();
      await eventually(() => !store.status().isFallingBack);
      expect(await store.consume('sms:phone:1', 3, hour, now)).toEqual({ isAllowed: true, count: 2 });
      expect(lines.some((line) => line.msg.includes('Redis reachable again'))).toBe(true);
    } finally {
      await store.close();
    }
  });
});
