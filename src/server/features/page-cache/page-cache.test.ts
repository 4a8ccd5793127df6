import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { ProductDetail } from '../../../contract/catalog.ts';
import { contentCalls } from '../../../contract/content-calls.ts';
import { csrfCookieName } from '../../../contract/envelope.ts';
import { buildApp } from '../../app.ts';
import { cacheVersionCheckMs, createCacheVersions } from '../../cache/cache-versions.ts';
import { setTestStock } from '../../testing/factories.ts';
import { createTestClock } from '../../testing/test-clock.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import { TestBrowser } from '../../testing/test-app.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { fixtureProductId, insertCatalogFixture } from '../catalog/testing/catalog-fixture.ts';
import { insertContentFixture } from '../content/testing/content-fixture.ts';
import { preferDesktopCookie } from '../mobile/mobile-link.service.ts';
import { createPageChanges } from './page-cache-changes.ts';

const iPhone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('page cache: visitors are served public pages from memory until their data change', () => {
  const t = useTestApp({
    app: { env: { PAGE_CACHE: 'true' } },
    fixture: async (app) => {
      await insertContentFixture(app.db);
      const catalog = await insertCatalogFixture(app.db);
      const ads = await app.db.kysely.selectFrom('ads').select(['adPosId', 'position']).execute();
      return { catalog, topAdId: ads.find((ad) => ad.position === 'top')?.adPosId ?? 0 };
    },
  });
  const productPath = (code = 'RC0603FR-0710KL') => `/product/detail/${fixtureProductId(t.fixture.catalog, code)}`;
  const source = (response: { headers: Record<string, unknown> }) => response.headers['x-page-cache'];
  /** The change signals are read once per check interval: move the app's clock past it instead of waiting. */
  const nextTick = () => t.clock.advance(cacheVersionCheckMs);

  it('renders a page once: the second visitor gets the same bytes from the cache, to be revalidated', async () => {
    const first = await t.browser().get('/news');
    const second = await t.browser().get('/news');
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect([source(first), source(second)]).toEqual(['miss', 'hit']);
    expect(second.body).toBe(first.body);
    expect(second.headers['cache-control']).toBe('private, no-cache');
    expect(second.headers.etag).toMatch(/^W\/"[\w-]+"$/);
    expect(second.headers.etag).toBe(first.headers.etag);
  });

  it('answers a repeat view whose ETag still matches with 304 and no body, and sends the page compressed once, under the same ETag', async () => {
    const visitor = t.browser();
    const page = await visitor.get('/catalogue');
    const etag = String(page.headers.etag);
    const again = await t.app.inject({ url: '/catalogue', headers: { cookie: visitor.cookieHeader(), 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    for (const [acceptEncoding, encoding, decode] of [
      ['gzip, deflate', 'gzip', gunzipSync],
      ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
      ['br;q=0, gzip', 'gzip', gunzipSync],
    ] as const) {
      const compressed = await t.app.inject({ url: '/catalogue', headers: { cookie: visitor.cookieHeader(), 'accept-encoding': acceptEncoding } });
      expect(compressed.headers['content-encoding'], acceptEncoding).toBe(encoding);
      expect(compressed.headers.vary).toBe('Accept-Encoding');
      expect(compressed.headers.etag).toBe(etag);
      expect(decode(compressed.rawPayload).toString('utf8')).toBe(page.body);
    }
    const stale = await t.app.inject({ url: '/catalogue', headers: { cookie: visitor.cookieHeader(), 'if-none-match': 'W/"old"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(page.body);
  });

  it('renders every request of a member, with their own shell, and lets no browser keep it', async () => {
    await t.browser().get('/');
    const { browser, userNumber } = await t.member();
    const response = await browser.get('/');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(source(response)).toBeUndefined();
    expect(response.headers.etag).toBeUndefined();
    const { shell } = pageStateOf(response.body);
    expect(shell.user).toMatchObject({ isLogin: true, userNumber });
  });

  it('gives each visitor their own anti-forgery token with the same cached page, and each one posts', async () => {
    const one = t.browser();
    const two = t.browser();
    await one.get('/');
    const cached = await two.get('/');
    expect(source(cached)).toBe('hit');
    expect(one.cookie(csrfCookieName)).toBeTruthy();
    expect(two.cookie(csrfCookieName)).not.toBe(one.cookie(csrfCookieName));
    expect(cached.body).not.toContain(String(two.cookie(csrfCookieName)));
    expect(await one.callOk(contentCalls.updateAdvertisingStatus, { adId: t.fixture.topAdId })).toBe(true);
    expect(await two.callOk(contentCalls.updateAdvertisingStatus, { adId: t.fixture.topAdId })).toBe(true);
  });

  it('keeps the ads a visitor closed out of their page only, and still serves the others from the cache', async () => {
    const closer = t.browser();
    const other = t.browser();
    await other.get('/brand');
    expect(pageStateOf((await closer.get('/brand')).body).shell.advertisingInfo.top?.adPosId).toBe(t.fixture.topAdId);
    await closer.callOk(contentCalls.updateAdvertisingStatus, { adId: t.fixture.topAdId });
    const closed = await closer.get('/brand');
    expect(pageStateOf(closed.body).shell.advertisingInfo.top).toBeNull();
    const open = await other.get('/brand');
    expect(source(open)).toBe('hit');
    expect(pageStateOf(open.body).shell.advertisingInfo.top?.adPosId).toBe(t.fixture.topAdId);
    // A second visitor who closed the same ad shares the page without it.
    const another = t.browser();
    await another.callOk(contentCalls.updateAdvertisingStatus, { adId: t.fixture.topAdId });
    expect(source(await another.get('/brand'))).toBe('hit');
  });

  it("drops a product's page when its price or stock changes, and keeps the other products' pages", async () => {
    const visitor = t.browser();
    const path = productPath();
    const otherPath = productPath('STM32F103RCT6');
    await visitor.get(path);
    await visitor.get(otherPath);
    expect(source(await visitor.get(path))).toBe('hit');
    const productId = fixtureProductId(t.fixture.catalog, 'RC0603FR-0710KL');
    await t.db.kysely.updateTable('productPrices').set({ priceE4: 123_456 }).where('productId', '=', productId).execute();
    nextTick();
    const repriced = await visitor.get(path);
    expect(source(repriced)).toBe('miss');
    expect(pageStateOf<ProductDetail>(repriced.body).data.product.priceTiers.map((tier) => tier.priceE4)).toContain(123_456);
    expect(source(await visitor.get(otherPath))).toBe('hit');

    await setTestStock(t.db.kysely, productId, 4321);
    nextTick();
    expect(pageStateOf<ProductDetail>((await visitor.get(path)).body).data.product.stock).toBe(4321);
  });

  it('drops every page when the shell changes (a hot keyword), and keeps the new render at once', async () => {
    const visitor = t.browser();
    await visitor.get('/');
    expect(source(await visitor.get('/'))).toBe('hit');
    await t.db.kysely.insertInto('hotLabels').values({ keyword: '页面缓存热词', url: '', sort: 0 }).execute();
    nextTick();
    const changed = await visitor.get('/');
    expect(source(changed)).toBe('miss');
    expect(pageStateOf(changed.body).shell.headerData.hotLabelList.map((label) => label.keyword)).toContain('页面缓存热词');
    // The shell's memo caches read the change in the same tick as the page cache: the new render is right, and kept.
    const again = await visitor.get('/');
    expect(source(again)).toBe('hit');
    expect(again.body).toBe(changed.body);
  });

  it('reads the change log and the memo caches’ counters in one tick, the log first', async () => {
    const clock = createTestClock(1_000_000);
    const versions = createCacheVersions(t.db.kysely, { clock });
    const changes = createPageChanges(t.db, versions);
    const productId = fixtureProductId(t.fixture.catalog, 'STM32F103C8T6');
    const productsVersion = versions.of('products', 'product_prices');
    const siteVersion = versions.of('hot_labels');
    const before = await changes.sync();
    const [products, site] = [await productsVersion(), await siteVersion()];

    await t.db.kysely.updateTable('productPrices').set({ priceE4: 654_321 }).where('productId', '=', productId).execute();
    expect(await changes.sync(), 'within the check interval').toBe(before);
    clock.advance(cacheVersionCheckMs);
    const after = await changes.sync();
    expect(after).toBeGreaterThan(before);
    expect(changes.isFresh(before, 'product', productId)).toBe(false);
    // The same read moved the version the memo caches ask for: a page rendered under `after` shows the new price.
    expect(await productsVersion()).toBeGreaterThan(products);

    // A product written between the log's read and the counters' reaches the memo caches first, and the epoch in the next tick:
    // a page rendered meanwhile is at least as new as its epoch, and dropped then.
    let isBetweenReads = true;
    const seen = await productsVersion();
    // A new follower: the next ask reads.
    versions.follow({
      beforeCounters: async () => {
        if (isBetweenReads) await t.db.kysely.updateTable('productPrices').set({ priceE4: 654_322 }).where('productId', '=', productId).execute();
        isBetweenReads = false;
      },
      afterCounters: () => undefined,
    });
    expect(await changes.sync()).toBe(after);
    expect(await productsVersion()).toBeGreaterThan(seen);
    expect(changes.isFresh(after, 'product', productId)).toBe(true);
    clock.advance(cacheVersionCheckMs);
    expect(await changes.sync()).toBeGreaterThan(after);
    expect(changes.isFresh(after, 'product', productId)).toBe(false);
    // Site content moves the epoch in the tick that reads it: its counters are the memo caches' own.
    await t.db.kysely.insertInto('hotLabels').values({ keyword: '同一次读', url: '', sort: 0 }).execute();
    const beforeSite = await changes.sync();
    clock.advance(cacheVersionCheckMs);
    expect(await changes.sync()).toBeGreaterThan(beforeSite);
    expect(await siteVersion()).toBeGreaterThan(site);
    expect(changes.isFresh(beforeSite, 'site', null)).toBe(false);
  });

  it('agrees with a second app process on the same database: a write anywhere drops both copies', async () => {
    const second = await buildApp({ ...t.deps });
    await second.ready();
    try {
      const here = t.browser();
      const there = new TestBrowser(second);
      const path = productPath('STM32F103C8T6');
      await here.get(path);
      await there.get(path);
      expect(source(await there.get(path))).toBe('hit');
      await setTestStock(t.db.kysely, fixtureProductId(t.fixture.catalog, 'STM32F103C8T6'), 777);
      // Both processes read the one clock of AppDeps: one move lets each read the change.
      nextTick();
      expect(pageStateOf<ProductDetail>((await there.get(path)).body).data.product.stock).toBe(777);
      expect(pageStateOf<ProductDetail>((await here.get(path)).body).data.product.stock).toBe(777);
    } finally {
      await second.close();
    }
  });

  it('renders addresses with unknown or repeated query parameters each time, so they cannot fill the cache', async () => {
    const visitor = t.browser();
    await visitor.get('/news');
    expect(source(await visitor.get('/news'))).toBe('hit');
    for (const url of [
      '/news?utm_source=x',
      '/news?page=2&page=3',
      '/news?page=abc',
      '/news/',
      `${productPath()}?x=1`,
      '/product/detail/0001',
      '/?inviter=someone',
    ]) {
      const response = await visitor.get(url);
      expect(source(response), url).toBeUndefined();
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    expect(source(await visitor.get('/news?page=2'))).toBe('miss');
    expect(source(await visitor.get('/news'))).toBe('hit');
  });

  it('does not keep a page that is not found', async () => {
    const visitor = t.browser();
    for (let round = 0; round < 2; round++) {
      const response = await visitor.get('/product/detail/999999');
      expect(response.statusCode).toBe(404);
      expect(source(response)).toBeUndefined();
    }
  });

  it('never shows a phone the desktop page cached for a desktop, nor the reverse', async () => {
    const desktop = await t.browser().get('/catalogue');
    expect(pageStateOf(desktop.body).shell.mobileSiteHref).toBeUndefined();
    const redirected = await t.app.inject({ url: '/', headers: { 'user-agent': iPhone } });
    expect(redirected.statusCode).toBe(302);
    const phone = await t.app.inject({ url: '/catalogue', headers: { 'user-agent': iPhone, cookie: `${preferDesktopCookie}=1` } });
    expect(phone.statusCode).toBe(200);
    expect(pageStateOf(phone.body).shell.mobileSiteHref).toBe('/m?pc=0');
    expect((await t.browser().get('/catalogue')).body).toBe(desktop.body);
  });
});
