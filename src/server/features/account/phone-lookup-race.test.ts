import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { accountCalls } from '../../../contract/account-calls.ts';
import type { Envelope } from '../../../contract/envelope.ts';
import { createRedisCounterStore, type CounterStore } from '../../http/counter-store.ts';
import type { TestBrowser } from '../../testing/test-app.ts';
import { createTestClock } from '../../testing/test-clock.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { nextIp, nextPhone } from './account.test-helpers.ts';
import { lookupLimits } from './phone-lookup-guard.ts';

function tally(answers: Envelope<unknown>[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const answer of answers) {
    const key = answer.code === 1 ? 'answered' : (answer.errorCode ?? String(answer.code));
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

/** The hour's window must not turn over during a test: the counters' clock stands still inside one hour. */
const windowClock = createTestClock(Date.now());

/** The lookup limits hold when the lookups arrive together: each is one atomic consume. */
function describeLookupRaces(name: string, counters?: () => CounterStore) {
  describe(name, () => {
    const store = counters?.();
    const t = useTestApp({ app: store ? { counters: store } : { counterClock: windowClock } });
    afterAll(async () => {
      await store?.close();
    });

    const lookUp = (browser: TestBrowser) => browser.call(accountCalls.checkHasUser, { userPhone: nextPhone() });

    it('answers exactly the free lookups of 30 concurrent ones from one session', async () => {
      const b = t.browser(nextIp());
      await b.get('/');
      const answers = await Promise.all(Array.from({ length: 30 }, () => lookUp(b)));
      expect(tally(answers)).toEqual({ answered: lookupLimits.freePerSession, 'graphCode.required': 30 - lookupLimits.freePerSession });
    });

    it('answers exactly the hourly lookups of an address, of 90 concurrent ones from 90 sessions', async () => {
      const ip = nextIp();
      const browsers = Array.from({ length: 90 }, () => t.browser(ip));
      for (const browser of browsers) await browser.get('/');
      const answers = await Promise.all(browsers.map(lookUp));
      expect(tally(answers)).toEqual({ answered: lookupLimits.perIp, 'account.lookupTooFrequent': 90 - lookupLimits.perIp });
    });
  });
}

describeLookupRaces('phone lookups under concurrency, database counters');

// Only when TEST_REDIS_URL is set; then an unreachable server fails these tests.
const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl)
  describeLookupRaces('phone lookups under concurrency, Redis counters', () =>
    createRedisCounterStore(redisUrl, `test:${randomBytes(6).toString('hex')}:`, undefined, { clock: windowClock }),
  );
