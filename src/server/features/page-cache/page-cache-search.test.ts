import { describe, expect, it } from 'vitest';
import type { SearchResult } from '../../../contract/search.ts';
import { cacheVersionCheckMs } from '../../cache/cache-versions.ts';
import { setTestStock } from '../../testing/factories.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { insertSearchFixture } from '../search/testing/search-fixture.ts';

describe('page cache: visitors’ search results are kept per normal address until the catalogue changes', () => {
  // A standing clock: the tests count on no tick between two requests, which a busy machine's real second would bring.
  const t = useTestApp({ app: { env: { PAGE_CACHE: 'true' }, clockStart: Date.now() }, fixture: (app) => insertSearchFixture(app.db) });
  const source = (response: { headers: Record<string, unknown> }) => response.headers['x-page-cache'];
  const resultsOf = (html: string) => pageStateOf<SearchResult>(html).data;
  const stockOf = (html: string, productId: number) => resultsOf(html).list.find((part) => part.productId === productId)?.stock;
  /** The page cache and the search index each read the change log in their tick: move the app's clock past both. */
  const nextTick = () => t.clock.advance(Math.max(cacheVersionCheckMs, 1000));

  it('keeps a results page for the next visitor, and the address with filters, sort and page as its own', async () => {
    const first = await t.browser().get('/search?key=stm32f103');
    const second = await t.browser().get('/search?key=stm32f103');
    expect([source(first), source(second)]).toEqual(['miss', 'hit']);
    expect(second.body).toBe(first.body);
    expect(resultsOf(second.body).total).toBe(3);
    const yageo = t.fixture.brands.yageo;
    const filtered = `/search?key=10k&brand=${yageo}&package=0603&stock=1&sort=3`;
    expect(source(await t.browser().get(filtered))).toBe('miss');
    expect(source(await t.browser().get(filtered))).toBe('hit');
  });

  it('renders every other spelling of a search each time, so random queries cannot fill the cache', async () => {
    await t.browser().get('/search?key=10k');
    for (const url of [
      '/search?key=%2010k',
      '/search?key=10k&page=1',
      '/search?key=10k&key=20k',
      '/search?key=10k&utm_source=x',
      '/search?sort=1&key=10k',
      '/search?key=10k&sort=0',
      '/search?key=',
      '/search',
      `/search?key=${'a'.repeat(101)}`,
    ]) {
      for (let round = 0; round < 2; round++) {
        const response = await t.browser().get(url);
        expect(source(response), url).toBeUndefined();
        expect(response.headers['cache-control'], url).toBe('no-store');
      }
    }
    expect(source(await t.browser().get('/search?key=10k'))).toBe('hit');
  });

  it('shows a part’s new stock once the change log is read: the kept copy is stale for that tick at most', async () => {
    const url = '/search?key=LM358';
    const productId = t.fixture.products.get('LM358DR') ?? 0;
    const before = await t.browser().get(url);
    expect(stockOf(before.body, productId)).not.toBe(4321);
    await setTestStock(t.db.kysely, productId, 4321);
    // Within the tick the visitor is sent the kept copy: the window the cache is allowed.
    const within = await t.browser().get(url);
    expect(source(within)).toBe('hit');
    nextTick();
    const after = await t.browser().get(url);
    expect(source(after)).toBe('miss');
    expect(stockOf(after.body, productId)).toBe(4321);
    expect(source(await t.browser().get(url))).toBe('hit');
  });

  it('never keeps a search that found nothing: each one is counted', async () => {
    for (let round = 0; round < 2; round++) {
      const response = await t.browser().get('/search?key=NOSUCHPART999');
      expect(resultsOf(response.body).total).toBe(0);
      expect(source(response)).toBeUndefined();
    }
    const counted = await t.db.kysely.selectFrom('searchMisses').select('count').where('keyword', '=', 'nosuchpart999').execute();
    expect(counted.map((row) => row.count)).toEqual([2]);
  });

  it('renders a member’s search every time with their own shell, never the visitors’ copy', async () => {
    await t.browser().get('/search?key=stm32f103');
    const { browser, userNumber } = await t.member();
    for (let round = 0; round < 2; round++) {
      const response = await browser.get('/search?key=stm32f103');
      expect(source(response)).toBeUndefined();
      expect(response.headers['cache-control']).toBe('no-store');
      expect(pageStateOf(response.body).shell.user).toMatchObject({ isLogin: true, userNumber });
    }
  });
});
