import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { apiKeyCalls } from '../../../contract/open-api-calls.ts';
import { apiKeyLimits, type OpenApiFailureBody } from '../../../contract/open-api.ts';
import { formatBeijingDate } from '../../../contract/time.ts';
import { createRedisCounterStore, type CounterStore } from '../../http/counter-store.ts';
import { createTestClock } from '../../testing/test-clock.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { insertCatalogFixture } from '../catalog/testing/catalog-fixture.ts';
import { signRequest } from './open-api-auth.service.ts';
import { documentedInject, memberWithKey, openRequest } from './testing/open-platform-fixture.ts';

const limit = 5;

/** The window sliding on mid-test would let requests through again: the counters' clock stands still. */
const windowClock = createTestClock(Date.now());

const redisUrl = process.env.TEST_REDIS_URL;
const backends: { name: string; counters: () => CounterStore | undefined }[] = [
  { name: 'database counters', counters: () => undefined },
  ...(redisUrl
    ? [
        {
          name: 'Redis counters',
          counters: () => createRedisCounterStore(redisUrl, `test-open-api:${randomBytes(6).toString('hex')}:`, undefined, { clock: windowClock }),
        },
      ]
    : []),
];

for (const backend of backends) {
  describe(`open API rate limit and usage (${backend.name})`, () => {
    const counters = backend.counters();
    afterAll(async () => counters?.close());
    const t = useTestApp({
      fixture: async (app) => insertCatalogFixture(app.db),
      app: { env: { OPEN_API_RATE_LIMIT_PER_MINUTE: String(limit) }, ...(counters ? { counters } : { counterClock: windowClock }) },
    });

    it('tells every counted answer the limit, what remains and when it grows back, and the refusal when to retry', async () => {
      const { created } = await memberWithKey(t);
      const answers = [];
      for (let i = 0; i < limit + 1; i++) answers.push(await openRequest(t, 'GET', '/open/v1/search?keyword=STM32', { apiKey: created.key }));
      expect(answers.map((answer) => answer.headers['x-ratelimit-limit'])).toEqual(Array.from({ length: limit + 1 }, () => String(limit)));
      expect(answers.map((answer) => Number(answer.headers['x-ratelimit-remaining']))).toEqual([4, 3, 2, 1, 0, 0]);
      // The clock stands still: the first request leaves the 60-second window in 60 to 61 seconds.
      for (const answer of answers) expect(Number(answer.headers['x-ratelimit-reset'])).toBeGreaterThanOrEqual(60);
      const refused = answers.at(-1);
      expect(refused?.statusCode).toBe(429);
      expect(refused?.headers['retry-after']).toBe(refused?.headers['x-ratelimit-reset']);
      // A failure after the key was proved is counted too, and says so.
      const other = await memberWithKey(t);
      const invalid = await openRequest(t, 'GET', '/open/v1/search', { apiKey: other.created.key });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.headers['x-ratelimit-remaining']).toBe(String(limit - 1));
      // A refused key has nothing to count against.
      expect((await openRequest(t, 'GET', '/open/v1/search?keyword=STM32', { apiKey: 'garbage' })).headers['x-ratelimit-limit']).toBeUndefined();
    });

    it('answers 429 with Retry-After past the per-minute limit of a key, and counts served and refused requests for the day', async () => {
      const { member, created } = await memberWithKey(t);
      const other = await memberWithKey(t);
      const statuses: number[] = [];
      for (let i = 0; i < limit + 2; i++) statuses.push((await openRequest(t, 'GET', '/open/v1/search?keyword=STM32', { apiKey: created.key })).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
      const limited = await openRequest(t, 'GET', '/open/v1/search?keyword=STM32', { apiKey: created.key });
      expect(limited.statusCode).toBe(429);
      // The first request leaves the window 60 to 61 s after it was served: its second is counted whole.
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(61);
      expect(limited.json()).toEqual({ code: 429, data: null, msg: '请求过于频繁，请在 Retry-After 秒后重试', errorCode: 'openApi.rateLimited' });
      // Another key has its own count.
      expect((await openRequest(t, 'GET', '/open/v1/search?keyword=STM32', { apiKey: other.created.key })).statusCode).toBe(200);

      const usage = await t.db.kysely.selectFrom('apiKeyUsage').selectAll().where('keyId', '=', created.view.keyId).execute();
      expect(usage).toEqual([{ keyId: created.view.keyId, day: formatBeijingDate(Date.now()), requestCount: limit, limitedCount: 3 }]);
      const list = await member.browser.callOk(apiKeyCalls.list, {});
      expect(list.keys[0]).toMatchObject({ todayCount: limit, weekCount: limit, lastUsedAt: expect.any(Number) as number });
      expect(list.usage).toHaveLength(7);
      expect(list.usage.at(-1)).toEqual({ day: formatBeijingDate(Date.now()), requestCount: limit, limitedCount: 3 });
      expect(list.ratePerMinute).toBe(limit);
    });

    it('counts concurrent requests exactly: as many served as the limit, every one counted for the day', async () => {
      const { created } = await memberWithKey(t);
      const responses = await Promise.all(Array.from({ length: 12 }, () => openRequest(t, 'GET', '/open/v1/search?keyword=STM32', { apiKey: created.key })));
      expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(limit);
      expect(responses.filter((response) => response.statusCode === 429)).toHaveLength(12 - limit);
      const [usage] = await t.db.kysely.selectFrom('apiKeyUsage').selectAll().where('keyId', '=', created.view.keyId).execute();
      expect(usage).toMatchObject({ requestCount: limit, limitedCount: 12 - limit });
    });

    it('counts failed checks per address and key named: 30 failures of one key refuse its failures, never a right key', async () => {
      const { created } = await memberWithKey(t);
      const other = await memberWithKey(t);
      const from = (remoteAddress: string, apiKey: string) => openRequest(t, 'GET', '/open/v1/search?keyword=STM32', { apiKey, remoteAddress });
      const integrator = '198.51.100.7';
      const wrongSecret = `${created.key.slice(0, -4)}${created.key.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
      const tooMany = {
        code: 429,
        data: null,
        msg: '认证失败次数过多（同一地址、同一密钥每分钟30次），请检查密钥与签名，并在 Retry-After 秒后重试',
        errorCode: 'openApi.tooManyFailures',
      };
      // A program of the integrator's sends a mistyped key 30 times, from the address its good program uses.
      const statuses: number[] = [];
      for (let i = 0; i < apiKeyLimits.failedChecksPerMinute; i++) statuses.push((await from(integrator, wrongSecret)).statusCode);
      expect(statuses).toEqual(Array.from({ length: apiKeyLimits.failedChecksPerMinute }, () => 401));
      const refused = await from(integrator, wrongSecret);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual(tooMany);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(61);
      // The right key passes, from the same address, and so does another key.
      expect((await from(integrator, created.key)).statusCode).toBe(200);
      expect((await from(integrator, other.created.key)).statusCode).toBe(200);
      // Another key's failures and keys the store does not have are counted apart.
      expect((await from(integrator, `${other.created.key.slice(0, -4)}ZZZZ`)).statusCode).toBe(401);
      for (let i = 0; i < apiKeyLimits.failedChecksPerMinute; i++)
        expect((await from(integrator, i % 2 === 0 ? 'garbage' : `xp_live_2000000000_${'A'.repeat(43)}`)).statusCode).toBe(401);
      expect((await from(integrator, 'garbage')).json()).toEqual(tooMany);
      expect((await from(integrator, `xp_live_2000000001_${'B'.repeat(43)}`)).json()).toEqual(tooMany);
      // Still: right keys pass; the refused key's failures stay refused while it keeps failing; another address is not refused.
      expect((await from(integrator, created.key)).statusCode).toBe(200);
      expect((await from(integrator, wrongSecret)).statusCode).toBe(429);
      expect((await from('198.51.100.8', wrongSecret)).statusCode).toBe(401);
    });

    it('counts a signed request that fails against the key it names, and lets its right signature through', async () => {
      const { created } = await memberWithKey(t);
      const url = '/open/v1/search?keyword=STM32';
      const signedFrom = (signature?: string) => {
        const timestamp = String(Math.floor(Date.now() / 1000));
        const nonce = randomBytes(16).toString('hex');
        return documentedInject(t, {
          method: 'GET',
          url,
          remoteAddress: '198.51.100.9',
          headers: {
            'x-api-key-id': String(created.view.keyId),
            'x-timestamp': timestamp,
            'x-nonce': nonce,
            'x-signature': signature ?? signRequest(created.key, 'GET', url, timestamp, nonce, ''),
          },
        });
      };
      for (let i = 0; i < apiKeyLimits.failedChecksPerMinute; i++) expect((await signedFrom('ab'.repeat(32))).statusCode).toBe(401);
      expect((await signedFrom('ab'.repeat(32))).statusCode).toBe(429);
      expect((await signedFrom()).statusCode).toBe(200);
    });
  });
}

describe('signed requests', () => {
  const t = useTestApp({ fixture: async (app) => insertCatalogFixture(app.db) });
  const nonce = () => randomBytes(16).toString('hex');
  const signed = (
    apiKey: string,
    options: { method?: 'GET' | 'POST'; url: string; body?: string; timestamp?: number; nonce?: string; signature?: string; keyId?: string },
  ) => {
    const method = options.method ?? 'GET';
    const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
    const used = options.nonce ?? nonce();
    const body = options.body ?? '';
    return documentedInject(t, {
      method,
      url: options.url,
      headers: {
        'x-api-key-id': options.keyId ?? apiKey.split('_')[2] ?? '',
        'x-timestamp': timestamp,
        'x-nonce': used,
        'x-signature': options.signature ?? signRequest(apiKey, method, options.url, timestamp, used, body),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { payload: body } : {}),
    });
  };

  it('accepts a valid signature over the method, path with query, timestamp, nonce and body', async () => {
    const { created } = await memberWithKey(t);
    expect((await signed(created.key, { url: '/open/v1/search?keyword=STM32' })).statusCode).toBe(200);
    const body = JSON.stringify({ partNumbers: ['STM32F103C8T6'] });
    const answer = await signed(created.key, { method: 'POST', url: '/open/v1/products/batch', body });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<{ code: number; data: { items: { isFound: boolean }[] } }>()).toMatchObject({ code: 1, data: { items: [{ isFound: true }] } });
  });

  it('refuses a wrong signature, another body, a stale timestamp, a reused nonce and a revoked key', async () => {
    const { member, created } = await memberWithKey(t);
    const codeOf = async (response: Promise<LightMyRequestResponse>) => {
      const answer = await response;
      expect(answer.statusCode).toBe(401);
      const failure = answer.json<OpenApiFailureBody>();
      expect(failure).toMatchObject({ code: 401, data: null, msg: expect.stringMatching(/[\u4e00-\u9fff]/) as string });
      return failure.errorCode;
    };
    const url = '/open/v1/search?keyword=STM32';
    expect(await codeOf(signed(created.key, { url, signature: 'ab'.repeat(32) }))).toBe('openApi.badSignature');
    // Signed with another key's secret, or for another query string.
    const other = await memberWithKey(t);
    expect(await codeOf(signed(other.created.key, { url, keyId: String(created.view.keyId) }))).toBe('openApi.badSignature');
    expect(await codeOf(signed(created.key, { url, keyId: '9999999999' }))).toBe('openApi.badKey');
    const timestamp = Math.floor(Date.now() / 1000);
    const used = nonce();
    const forOther = signRequest(created.key, 'GET', '/open/v1/search?keyword=TLV', String(timestamp), used, '');
    expect(await codeOf(signed(created.key, { url, timestamp, nonce: used, signature: forOther }))).toBe('openApi.badSignature');
    const body = JSON.stringify({ partNumbers: ['STM32F103C8T6'] });
    const sigForBody = signRequest(created.key, 'POST', '/open/v1/products/batch', String(timestamp), used, body);
    expect(
      await codeOf(
        signed(created.key, {
          method: 'POST',
          url: '/open/v1/products/batch',
          body: JSON.stringify({ partNumbers: ['OTHER'] }),
          timestamp,
          nonce: used,
          signature: sigForBody,
        }),
      ),
    ).toBe('openApi.badSignature');

    expect(await codeOf(signed(created.key, { url, timestamp: timestamp - 301 }))).toBe('openApi.staleTimestamp');
    expect(await codeOf(signed(created.key, { url, timestamp: timestamp + 400 }))).toBe('openApi.staleTimestamp');

    const once = nonce();
    expect((await signed(created.key, { url, nonce: once })).statusCode).toBe(200);
    expect(await codeOf(signed(created.key, { url, nonce: once }))).toBe('openApi.nonceReused');
    // Two requests racing with one nonce: one passes.
    const raced = nonce();
    const both = await Promise.all([signed(created.key, { url, nonce: raced }), signed(created.key, { url, nonce: raced })]);
    expect(both.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);

    await member.browser.callOk(apiKeyCalls.revoke, { keyId: created.view.keyId });
    expect(await codeOf(signed(created.key, { url }))).toBe('openApi.badKey');
  });
});
