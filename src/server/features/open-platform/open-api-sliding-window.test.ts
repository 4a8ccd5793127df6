import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createRedisCounterStore, type CounterStore } from '../../http/counter-store.ts';
import type { Clock } from '../../ops/clock.ts';
import { createTestClock } from '../../testing/test-clock.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { fixtureProductId, insertCatalogFixture } from '../catalog/testing/catalog-fixture.ts';
import { memberWithKey, openRequest } from './testing/open-platform-fixture.ts';

const limit = 120;
/** A clock minute's edge a while ahead; the counters' clock stands 0.75 s before it until a test moves it. */
const edge = Math.ceil(Date.now() / 60_000) * 60_000 + 60_000;
const clock = createTestClock(edge - 750);

const redisUrl = process.env.TEST_REDIS_URL;
const backends: { name: string; counters: (clock: Clock) => CounterStore | undefined }[] = [
  { name: 'database counters', counters: () => undefined },
  ...(redisUrl
    ? [
        {
          name: 'Redis counters',
          counters: (on: Clock) => createRedisCounterStore(redisUrl, `test-open-api:${randomBytes(6).toString('hex')}:`, undefined, { clock: on }),
        },
      ]
    : []),
];

for (const backend of backends) {
  describe(`open API limit: a sliding 60 seconds (${backend.name})`, () => {
    const counters = backend.counters(clock);
    afterAll(async () => counters?.close());
    const t = useTestApp({
      fixture: async (app) => insertCatalogFixture(app.db),
      app: { env: { OPEN_API_RATE_LIMIT_PER_MINUTE: String(limit) }, ...(counters ? { counters } : { counterClock: clock }) },
    });

    it('serves a key at most its limit in 1.5 s across a clock minute, and again once the first requests are 60 s old', async () => {
      const { created } = await memberWithKey(t);
      const url = `/open/v1/products/${fixtureProductId(t.fixture, 'STM32F103C8T6')}/stock`;
      const burst = async (size: number) => {
        const statuses: number[] = [];
        for (let i = 0; i < size; i++) statuses.push((await openRequest(t, 'GET', url, { apiKey: created.key })).statusCode);
        return statuses.filter((status) => status === 200).length;
      };
      // 0.75 s before the minute turns: the whole limit.
      expect(await burst(limit)).toBe(limit);
      // 0.75 s after it: a fixed minute would start again from 0 and serve 120 more.
      clock.advance(1_500);
      expect(await burst(limit)).toBe(0);
      const refused = await openRequest(t, 'GET', url, { apiKey: created.key });
      expect(refused.statusCode).toBe(429);
      // The first burst leaves the window 60 to 61 s after it was served (whole seconds are counted).
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(59);
      expect(retryAfter).toBeLessThanOrEqual(61);
      clock.advance(30_000);
      expect(await burst(10)).toBe(0);
      clock.advance(retryAfter * 1000 - 30_000);
      expect(await burst(limit + 5)).toBe(limit);
    }, 60_000);
  });
}
