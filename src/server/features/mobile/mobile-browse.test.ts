import { describe, expect, it } from 'vitest';
import type { MobileCatalogueData, MobileChooseData, MobileSearchData } from '../../../contract/mobile.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { insertCatalogFixture } from '../catalog/testing/catalog-fixture.ts';
import { insertHomeFixture } from '../home/testing/home-fixture.ts';

const iPhone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const desktop = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

describe('mobile browsing pages', () => {
  const t = useTestApp({
    fixture: async (app) => {
      const catalog = await insertCatalogFixture(app.db);
      await insertHomeFixture(app.db);
      return catalog;
    },
  });

  const get = (url: string, userAgent = iPhone, cookie = '') => t.app.inject({ method: 'GET', url, headers: { 'user-agent': userAgent, cookie } });

  it.each([
    ['/search?key=STM32', '/m/search?key=STM32'],
    ['/catalogue', '/m/catalogue'],
    ['/choose/3-4?stock=1', '/m/choose/3-4?stock=1'],
  ])('sends a phone from %s to %s', async (url, target) => {
    const response = await get(url);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(target);
  });

  it('searches through the search feature: part number, brand, package, price and a 加入购物车 per row, links on the mobile site', async () => {
    const response = await get('/m/search?key=STM32F103');
    expect(response.statusCode).toBe(200);
    const { data } = pageStateOf<MobileSearchData>(response.body);
    expect(data.basePath).toBe('/m');
    expect(data.result.total).toBeGreaterThan(0);
    expect(data.result.list.map((part) => part.code)).toContain('STM32F103C8T6');
    expect(data.result).not.toHaveProperty('facets');
    expect(response.body).toContain('data-testid="m-search-results"');
    expect(response.body).toMatch(/href="\/m\/product\/detail\/\d+"/);
    expect(response.body).toContain('加入购物车');
    expect(response.body).toContain(`/m/account/login?return=${encodeURIComponent('/m/search?key=STM32F103')}`);
    expect(response.body).toContain('href="/search?key=STM32F103&amp;pc=1"');
  });

  it('searches nothing for an empty keyword and tells a keyword without results', async () => {
    const empty = await get('/m/search?key=');
    expect(empty.statusCode).toBe(200);
    expect(pageStateOf<MobileSearchData>(empty.body).data.result.total).toBe(0);
    expect(empty.body).not.toContain('data-testid="m-search-results"');
    const none = await get('/m/search?key=QQZZ9999XX');
    expect(pageStateOf<MobileSearchData>(none.body).data.result.total).toBe(0);
    expect(none.body).toContain('data-testid="m-no-result"');
  });

  it('pages the results 20 at a time and offers 加载更多 while more remain', async () => {
    const first = pageStateOf<MobileSearchData>((await get('/m/search?key=RC')).body).data.result;
    expect(first.total).toBeGreaterThan(20);
    expect(first.list).toHaveLength(20);
    const secondResponse = await get('/m/search?key=RC&page=2');
    const second = pageStateOf<MobileSearchData>(secondResponse.body).data.result;
    expect(second.params.page).toBe(2);
    expect(second.list.map((part) => part.productId)).not.toContain(first.list[0]?.productId);
    expect((await get('/m/search?key=RC')).body).toContain('data-testid="m-load-more"');
  });

  it('lists the groups and second-level categories with their counts', async () => {
    const response = await get('/m/catalogue');
    expect(response.statusCode).toBe(200);
    const { data } = pageStateOf<MobileCatalogueData>(response.body);
    const f = t.fixture;
    const resistors = data.groups.flatMap((group) => group.categoryList).find((first) => first.categoryId === f.categories.resistor);
    expect(resistors?.categorySecondList).toContainEqual(expect.objectContaining({ categoryId: f.categories.chipResistor, skuCount: 48 }));
    expect(response.body).toContain(`href="/m/choose/${f.categories.resistor}-${f.categories.chipResistor}"`);
  });

  it('lists a category from the choose index with its facets, the applied filter and stock choice', async () => {
    const f = t.fixture;
    const path = `/m/choose/${f.categories.resistor}-${f.categories.chipResistor}`;
    const all = pageStateOf<MobileChooseData>((await get(path)).body).data;
    expect(all.products.total).toBe(48);
    expect(all.facets.facets.map((facet) => facet.key)).toContain(String(f.attributes.resistance));
    expect(all.siblings.map((sibling) => sibling.categoryId)).toContain(f.categories.chipResistor);

    const filter = encodeURIComponent(JSON.stringify({ [f.attributes.resistance]: ['10kΩ'] }));
    const response = await get(`${path}?filter=${filter}&stock=1&sort=3`);
    expect(response.statusCode).toBe(200);
    const { data } = pageStateOf<MobileChooseData>(response.body);
    expect(data.state).toMatchObject({ stock: 1, sort: 3 });
    expect(data.products.total).toBeGreaterThan(0);
    expect(data.products.total).toBeLessThan(12);
    for (const part of data.products.list) {
      expect(part.params[String(f.attributes.resistance)]).toBe('10kΩ');
      expect(part.stock).toBeGreaterThan(0);
    }
    const stocks = data.products.list.map((part) => part.stock);
    expect(stocks).toEqual([...stocks].sort((a, b) => b - a));
    expect(response.body).toContain('data-testid="m-applied-filters"');
    expect(response.body).toContain('仅看现货');
    expect(response.body).toContain('精度');
  });

  it('lists a first-level category with its subcategories', async () => {
    const f = t.fixture;
    const response = await get(`/m/choose/${f.categories.resistor}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`href="/m/choose/${f.categories.resistor}-${f.categories.chipResistor}"`);
  });

  it('answers 404 for unknown or mismatched categories', async () => {
    const f = t.fixture;
    expect((await get('/m/choose/abc')).statusCode).toBe(404);
    expect((await get('/m/choose/999999')).statusCode).toBe(404);
    expect((await get(`/m/choose/${f.categories.capacitor}-${f.categories.chipResistor}`)).statusCode).toBe(404);
  });

  it('offers 手机版 in the desktop footer to a phone that chose the desktop site, and to no desktop browser', async () => {
    const phone = await get('/news', iPhone, 'preferPc=1');
    expect(phone.statusCode).toBe(200);
    expect(phone.body).toContain('href="/m?pc=0"');
    expect(phone.body).toContain('手机版');
    const pc = await get('/news', desktop);
    expect(pc.body).not.toContain('data-testid="mobile-site-link"');
    // ?pc=0 forgets the choice: the phone is on the mobile site again.
    const back = await get('/m?pc=0', iPhone, 'preferPc=1');
    expect(back.statusCode).toBe(200);
    expect(back.cookies.find((cookie) => cookie.name === 'preferPc')?.value).toBe('');
    expect((await get('/')).statusCode).toBe(302);
  });
});
