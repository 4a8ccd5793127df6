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
import { signRequest } from './open-platform.service.ts';
import { memberWithKey, openRequest } from './testing/open-platform-fixture.ts';

const limit = 5;

/** A window of the counter store turning mid-test would reset the count: the counters' clock stands still inside one minute. */
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

    it('answers 429 with Retry-After past the per-minute limit of a key, and counts served and refused requests for the day', async () => {
      const { member, created } = await memberWithKey(t);
      const other = await memberWithKey(t);
      const statuses: number[] = [];
      for (let i = 0; i < limit + 2; i++) statuses.push((await openRequest(t, 'GET', '/open/v1/search?keyword=STM32', { apiKey: created.key })).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
      const limited = await openRequest(t, 'GET', '/open/v1/search?keyword=STM32', { apiKey: created.key });
      expect(limited.statusCode).toBe(429);
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
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

    it('refuses an address for the rest of the minute after 30 failed authentications, its good keys too, and no other address', async () => {
      const { created } = await memberWithKey(t);
      const other = await memberWithKey(t);
      const from = (remoteAddress: string, apiKey: string) =>
        t.app.inject({ method: 'GET', url: '/open/v1/search?keyword=STM32', remoteAddress, headers: { 'x-api-key': apiKey } });
      const guesser = '198.51.100.7';
      const wrongKey = `${created.key.slice(0, -4)}${created.key.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
      // Good requests are not failures: they leave the address all 30.
      for (let i = 0; i < 3; i++) expect((await from(guesser, created.key)).statusCode).toBe(200);
      const statuses: number[] = [];
      for (let i = 0; i < apiKeyLimits.failedAuthPerIpPerMinute; i++) statuses.push((await from(guesser, i % 2 === 0 ? wrongKey : 'garbage')).statusCode);
      expect(statuses).toEqual(Array.from({ length: apiKeyLimits.failedAuthPerIpPerMinute }, () => 401));

      for (const apiKey of [wrongKey, other.created.key]) {
        const refused = await from(guesser, apiKey);
        expect(refused.statusCode).toBe(429);
        const retryAfter = Number(refused.headers['retry-after']);
        expect(retryAfter).toBeGreaterThanOrEqual(1);
        expect(retryAfter).toBeLessThanOrEqual(60);
        expect(refused.json<OpenApiFailureBody>()).toEqual({
          code: 429,
          data: null,
          msg: '该地址认证失败次数过多（每分钟30次），请检查密钥，并在 Retry-After 秒后重试',
          errorCode: 'openApi.tooManyFailures',
        });
      }
      // The refused good key was not charged, and another address is not refused.
      const [usage] = await t.db.kysely.selectFrom('apiKeyUsage').selectAll().where('keyId', '=', other.created.view.keyId).execute();
      expect(usage).toBeUndefined();
      expect((await from('198.51.100.8', other.created.key)).statusCode).toBe(200);
      expect((await from('198.51.100.8', wrongKey)).statusCode).toBe(401);
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
    return t.app.inject({
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
