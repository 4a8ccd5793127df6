import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock } from '../testing/test-clock.ts';
import { createTestDb, type TestDb } from '../testing/test-db.ts';
import { createDatabaseCounterStore, createRedisCounterStore, type CounterStore } from './counter-store.ts';

// A fixed instant in the middle of a minute, hour and day window.
const noon = Date.UTC(2026, 0, 15, 12, 30, 30);
/** The stores' own clock, for hits that name no time: it stands at noon until a test moves it. */
const clock = createTestClock(noon);

/** The same behaviour from every store: fixed windows, atomic increments, independent keys. */
function describeCounterStore(name: string, open: () => Promise<{ store: CounterStore; close: () => Promise<void> }>) {
  describe(name, () => {
    let store: CounterStore;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ store, close } = await open());
    });
    afterAll(async () => {
      await close();
    });
    const key = (label: string) => `${label}:${randomBytes(4).toString('hex')}`;

    it('counts hits in one window, starting from 1, and refuses those over the limit', async () => {
      const k = key('count');
      expect(await store.peek(k, 60, noon)).toBe(0);
      expect(await store.consume(k, 2, 60, noon)).toEqual({ isAllowed: true, count: 1 });
      expect(await store.consume(k, 2, 60, noon + 1_000)).toEqual({ isAllowed: true, count: 2 });
      expect(await store.consume(k, 2, 60, noon + 29_000)).toEqual({ isAllowed: false, count: 3 });
      expect(await store.peek(k, 60, noon + 29_000)).toBe(3);
    });

    it('takes a hit back on release, never below zero', async () => {
      const k = key('release');
      await store.consume(k, 5, 60, noon);
      await store.consume(k, 5, 60, noon);
      await store.release(k, 60, noon);
      expect(await store.peek(k, 60, noon)).toBe(1);
      await store.release(k, 60, noon);
      await store.release(k, 60, noon);
      expect(await store.peek(k, 60, noon)).toBe(0);
      expect((await store.consume(k, 5, 60, noon)).count).toBe(1);
    });

    it('of 50 concurrent hits against a limit of 7, allows exactly 7', async () => {
      const k = key('limit');
      const answers = await Promise.all(Array.from({ length: 50 }, () => store.consume(k, 7, 3600, noon)));
      expect(answers.filter((answer) => answer.isAllowed)).toHaveLength(7);
    });

    it('starts again in the next window', async () => {
      const k = key('window');
      await store.consume(k, 99, 60, noon);
      await store.consume(k, 99, 60, noon);
      expect((await store.consume(k, 99, 60, noon + 30_000)).count).toBe(1);
      expect(await store.peek(k, 60, noon)).toBe(2);
    });

    it('keeps keys and window lengths apart', async () => {
      const a = key('a');
      const b = key('b');
      await store.consume(a, 99, 60, noon);
      await store.consume(a, 99, 3600, noon);
      await store.consume(a, 99, 3600, noon);
      expect(await store.peek(a, 60, noon)).toBe(1);
      expect(await store.peek(a, 3600, noon)).toBe(2);
      expect(await store.peek(b, 60, noon)).toBe(0);
    });

    it('peeking does not count', async () => {
      const k = key('peek');
      await store.peek(k, 60, noon);
      await store.peek(k, 60, noon);
      expect((await store.consume(k, 9, 60, noon)).count).toBe(1);
    });

    it('counts a hit that names no time in the window of its clock, which only moves when moved', async () => {
      const k = key('clock');
      const start = clock.now();
      expect(store.clock).toBe(clock);
      await store.consume(k, 99, 60);
      await store.consume(k, 99, 60);
      expect(await store.peek(k, 60, start)).toBe(2);
      clock.advance(60_000);
      expect(await store.peek(k, 60)).toBe(0);
      expect((await store.consume(k, 99, 60)).count).toBe(1);
      await store.release(k, 60);
      expect(await store.peek(k, 60)).toBe(0);
      expect(await store.peek(k, 60, start)).toBe(2);
    });

    describe('sliding windows', () => {
      const minute = (k: string, limit: number, countsRefused = false) => ({ key: k, limit, windowSeconds: 60, countsRefused });

      it('allows the limit within 60 seconds, takes a refused hit back, and says when the oldest hit leaves', async () => {
        const k = key('sliding');
        expect(await store.consumeSliding(minute(k, 2), noon)).toEqual({ isAllowed: true, count: 1, msUntilFirstLeaves: 61_000, msUntilAllowed: 0 });
        expect(await store.consumeSliding(minute(k, 2), noon + 10_000)).toMatchObject({ isAllowed: true, count: 2, msUntilFirstLeaves: 51_000 });
        // Refused: taken back, and allowed again when the first hit leaves (61 s after its second began).
        expect(await store.consumeSliding(minute(k, 2), noon + 20_000)).toEqual({
          isAllowed: false,
          count: 2,
          msUntilFirstLeaves: 41_000,
          msUntilAllowed: 41_000,
        });
        expect((await store.consumeSliding(minute(k, 2), noon + 60_500)).isAllowed).toBe(false);
        expect(await store.consumeSliding(minute(k, 2), noon + 61_000)).toMatchObject({ isAllowed: true, count: 2 });
      });

      it('holds a burst across a clock minute to the limit, where a fixed window would allow it twice', async () => {
        const k = key('edge');
        const edge = Date.UTC(2026, 0, 15, 12, 31, 0);
        const burst = async (at: number) =>
          (await Promise.all(Array.from({ length: 10 }, () => store.consumeSliding(minute(k, 10), at)))).filter((hit) => hit.isAllowed);
        expect(await burst(edge - 750)).toHaveLength(10);
        expect(await burst(edge + 750)).toHaveLength(0);
        expect(await burst(edge + 59_000)).toHaveLength(0);
        expect(await burst(edge + 60_000)).toHaveLength(10);
      });

      it('keeps refused hits counted when told to: a client that keeps failing stays refused', async () => {
        const k = key('failures');
        for (let i = 0; i < 3; i++) await store.consumeSliding(minute(k, 2, true), noon + i * 20_000);
        expect(await store.consumeSliding(minute(k, 2, true), noon + 61_000)).toMatchObject({ isAllowed: false, count: 3 });
        // The two allowed have left by then; the refused ones still count, and two must leave before one more is allowed.
        expect(await store.consumeSliding(minute(k, 2, true), noon + 100_000)).toMatchObject({ isAllowed: false, count: 3, msUntilAllowed: 22_000 });
      });

      it('of 50 concurrent hits against a limit of 7, allows exactly 7 and keeps 7', async () => {
        const k = key('sliding-race');
        const answers = await Promise.all(Array.from({ length: 50 }, () => store.consumeSliding(minute(k, 7), noon)));
        expect(answers.filter((answer) => answer.isAllowed)).toHaveLength(7);
        expect((await store.consumeSliding(minute(k, 7), noon + 1_000)).count).toBe(7);
      });
    });

    it('50 concurrent increments each get a different count', async () => {
      const k = key('concurrent');
      const counts = await Promise.all(Array.from({ length: 50 }, async () => (await store.consume(k, 99, 3600, noon)).count));
      expect([...counts].sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, index) => index + 1));
      expect(await store.peek(k, 3600, noon)).toBe(50);
    });
  });
}

describeCounterStore('database counter store', async () => {
  const db: TestDb = await createTestDb();
  return { store: createDatabaseCounterStore(db.kysely, { clock }), close: () => db.drop() };
});

// Only when TEST_REDIS_URL is set; then an unreachable server fails these tests.
const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl) {
  describeCounterStore('Redis counter store', async () => {
    const store = createRedisCounterStore(redisUrl, `test:${randomBytes(6).toString('hex')}:`, undefined, { clock });
    return { store, close: () => store.close() };
  });
}
