import { describe, expect, it } from 'vitest';
import type { ProductDetail } from '../../contract/catalog.ts';
import { searchCalls } from '../../contract/search-calls.ts';
import { insertProduct } from '../testing/factories.ts';
import { pageStateOf } from '../testing/page-state.ts';
import { useTestApp } from '../testing/use-test-app.ts';
import { fixtureProductId, insertCatalogFixture } from '../features/catalog/testing/catalog-fixture.ts';

describe('POST /dev/caches/tick', () => {
  const t = useTestApp({ app: { env: { PAGE_CACHE: 'true' } }, fixture: (app) => insertCatalogFixture(app.db) });
  const tick = () => t.app.inject({ method: 'POST', url: '/dev/caches/tick' });

  it('shows a visitor a write at once: the page cache, the memo caches and the search index read it before answering', async () => {
    const productId = fixtureProductId(t.fixture, 'RC0603FR-0710KL');
    const path = `/product/detail/${String(productId)}`;
    const visitor = t.browser();
    const suggest = (key: string) => visitor.callOk(searchCalls.searchAssociateWord, { key });
    await visitor.get(path);
    expect((await visitor.get(path)).headers['x-page-cache']).toBe('hit');
    expect(await suggest('TICK-NEW')).toEqual([]);

    await t.db.kysely.updateTable('productPrices').set({ priceE4: 98_765 }).where('productId', '=', productId).execute();
    await insertProduct(t.db.kysely, {
      code: 'TICK-NEW-1',
      brandId: t.fixture.brands.yageo,
      categoryFirstId: t.fixture.categories.resistor,
      categorySecondId: t.fixture.categories.chipResistor,
    });
    const answer = await tick();
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ ok: true });

    const page = await visitor.get(path);
    expect(page.headers['x-page-cache']).toBe('miss');
    expect(pageStateOf<ProductDetail>(page.body).data.product.priceTiers.map((tier) => tier.priceE4)).toContain(98_765);
    expect(await suggest('TICK-NEW')).toEqual([{ key: 'TICK-NEW-1', searchResultCount: 1 }]);
  });
});

describe('POST /dev/caches/tick in production', () => {
  const t = useTestApp({ app: { env: { CACHE_TICK_HOOK_ENABLED: 'false' } } });

  it('is no route unless CACHE_TICK_HOOK_ENABLED', async () => {
    const answer = await t.app.inject({ method: 'POST', url: '/dev/caches/tick' });
    // The site's refusal of a POST nobody answers (no session's token here): anything but the hook's answer.
    expect(answer.json()).not.toEqual({ ok: true });
    expect(answer.json()).toMatchObject({ data: null, errorCode: expect.stringMatching(/^request\./) as string });
  });
});
