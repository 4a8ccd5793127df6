import { describe, expect, it } from 'vitest';
import type { ShellState } from '../../../contract/shell.ts';
import { csrfCookieName } from '../../../contract/envelope.ts';
import { cacheVersionCheckMs } from '../../cache/cache-versions.ts';
import { csrfTokenFor, newSid, sessionCookieName } from '../../http/session.ts';
import { createMember, startMemberSession } from '../../testing/factories.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { insertCatalogFixture } from '../catalog/testing/catalog-fixture.ts';
import { insertContentFixture } from '../content/testing/content-fixture.ts';

const iPhone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** The headers an answer carries, but those that differ between any two answers (time, request id, cookies, the cache's own label). */
function headerSetOf(headers: Record<string, unknown>): Record<string, unknown> {
  const { date: _date, 'x-request-id': _id, 'set-cookie': _cookies, 'x-page-cache': _source, ...rest } = headers;
  return rest;
}

describe('page cache early answer: a visitor’s kept page is sent before the session, routing and rendering work', () => {
  const t = useTestApp({
    app: { env: { PAGE_CACHE: 'true' } },
    fixture: async (app) => {
      await insertContentFixture(app.db);
      await insertCatalogFixture(app.db);
    },
  });
  const source = (response: { headers: Record<string, unknown> }) => response.headers['x-page-cache'];

  it('sends a kept page with the same headers as the render that kept it, new visitor or returning, plain or compressed', async () => {
    for (const [url, acceptEncoding] of [
      ['/news', undefined],
      ['/news?page=2', 'gzip, deflate, br'],
    ] as const) {
      const headers = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
      const rendered = await t.app.inject({ url, headers });
      const kept = await t.app.inject({ url, headers });
      expect([source(rendered), source(kept)]).toEqual(['miss', 'hit']);
      expect(headerSetOf(kept.headers)).toEqual(headerSetOf(rendered.headers));
      expect(kept.rawPayload.equals(rendered.rawPayload)).toBe(true);
      // The new visitor is given their own session and anti-forgery cookies, as the session hook gives them.
      const cookieNames = (response: typeof kept) => response.cookies.map((cookie) => cookie.name).sort();
      expect(cookieNames(kept)).toEqual(cookieNames(rendered));
      expect(cookieNames(kept)).toEqual([csrfCookieName, sessionCookieName].sort());
    }
    const visitor = t.browser();
    await visitor.get('/catalogue');
    const rendered = await t.app.inject({ url: '/catalogue?x=1', headers: { cookie: visitor.cookieHeader() } });
    const kept = await t.app.inject({ url: '/catalogue', headers: { cookie: visitor.cookieHeader() } });
    expect(source(kept)).toBe('hit');
    expect(kept.cookies).toEqual([]);
    // A rendered page of a returning visitor differs only by what a kept page says of itself: its validator and caching.
    expect(Object.keys(headerSetOf(kept.headers)).sort()).toEqual([...Object.keys(headerSetOf(rendered.headers)), 'etag'].sort());
    for (const name of ['content-security-policy', 'x-frame-options', 'x-content-type-options', 'referrer-policy', 'cross-origin-opener-policy']) {
      expect(kept.headers[name], name).toBe(rendered.headers[name]);
    }
  });

  it('answers a revalidation with 304 and its cookie-less returning visitor with the same ETag', async () => {
    const visitor = t.browser();
    const first = await visitor.get('/brand');
    const again = await t.app.inject({ url: '/brand', headers: { cookie: visitor.cookieHeader(), 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
  });

  it('never gives a member the visitor copy: the same address after a login is their own render', async () => {
    const visitor = t.browser();
    await visitor.get('/');
    expect(source(await visitor.get('/'))).toBe('hit');
    // A login stores a new sid and sends it with its token (http/session.ts startMemberSession): the same here.
    const member = await createMember(t.db.kysely);
    const sid = newSid();
    await startMemberSession(t.db.kysely, sid, member.userId);
    const cookie = `${sessionCookieName}=${sid}; ${csrfCookieName}=${csrfTokenFor(t.deps.config.sessionSecret, sid)}`;
    for (let round = 0; round < 2; round++) {
      const signedIn = await t.app.inject({ url: '/', headers: { cookie } });
      expect(source(signedIn)).toBeUndefined();
      expect(signedIn.headers['cache-control']).toBe('no-store');
      expect(pageStateOf(signedIn.body).shell.user).toMatchObject({ isLogin: true, userNumber: member.userNumber });
    }
    // The visitor's browser is still a visitor's.
    expect(source(await visitor.get('/'))).toBe('hit');
  });

  it('leaves to their own hooks a phone the redirect moves, a sid that is not well formed and a browser without its token', async () => {
    await t.browser().get('/');
    const phone = await t.app.inject({ url: '/', headers: { 'user-agent': iPhone } });
    expect(phone.statusCode).toBe(302);
    const badSid = await t.app.inject({ url: '/', headers: { cookie: `${sessionCookieName}=short` } });
    expect(source(badSid)).toBe('hit');
    expect(badSid.cookies.find((cookie) => cookie.name === sessionCookieName)?.value).toMatch(/^[\w-]{43}$/);
    const sid = newSid();
    const tokenless = await t.app.inject({ url: '/', headers: { cookie: `${sessionCookieName}=${sid}` } });
    expect(source(tokenless)).toBe('hit');
    expect(tokenless.cookies.find((cookie) => cookie.name === csrfCookieName)?.value).toBe(csrfTokenFor(t.deps.config.sessionSecret, sid));
  });

  it('serves a kept page that went stale by rendering it again: the early answer never sends an old copy', async () => {
    const visitor = t.browser();
    await visitor.get('/');
    expect(source(await visitor.get('/'))).toBe('hit');
    await t.db.kysely.insertInto('hotLabels').values({ keyword: '提前应答热词', url: '', sort: 0 }).execute();
    t.clock.advance(cacheVersionCheckMs);
    const changed = await visitor.get('/');
    expect(source(changed)).toBe('miss');
    expect(pageStateOf(changed.body).shell.headerData.hotLabelList.map((label: ShellState['headerData']['hotLabelList'][number]) => label.keyword)).toContain(
      '提前应答热词',
    );
  });
});
