import { describe, expect, it } from 'vitest';
import { favoriteCalls } from '../../../contract/favorite-calls.ts';
import type { FavoriteListData } from '../../../contract/favorite.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import type { TestBrowser } from '../../testing/test-app.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { insertOrderCatalog, insertPart } from '../order/testing/order-fixture.ts';
import { countFavorites } from './favorite.service.ts';

describe('/user/favorite and the list, removeMany and setAlert calls', () => {
  const t = useTestApp({ fixture: async (app) => ({ catalog: await insertOrderCatalog(app.db) }) });

  async function page(browser: TestBrowser, query = ''): Promise<FavoriteListData> {
    const response = await browser.get(`/user/favorite${query}`);
    expect(response.statusCode).toBe(200);
    return pageStateOf<FavoriteListData>(response.body).data;
  }

  /** Favourites added a millisecond apart, so the newest-first order is certain. */
  async function favour(browser: TestBrowser, userId: number, productIds: number[]) {
    for (const [index, productId] of productIds.entries()) {
      await browser.callOk(favoriteCalls.add, { productId });
      await t.db.kysely
        .updateTable('favorites')
        .set({ createdAt: 1_700_000_000_000 + index * 1000 })
        .where('userId', '=', userId)
        .where('productId', '=', productId)
        .execute();
    }
  }

  it('sends visitors to the login page and answers 401 to their calls', async () => {
    const visitor = t.browser();
    const response = await visitor.get('/user/favorite?q=abc');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/account/login?return=%2Fuser%2Ffavorite%3Fq%3Dabc');
    expect(await visitor.call(favoriteCalls.list, { keyword: '', page: 1, pageSize: 10 })).toMatchObject({ code: 401 });
    expect(await visitor.call(favoriteCalls.removeMany, { productIds: [1] })).toMatchObject({ code: 401 });
    expect(await visitor.call(favoriteCalls.setAlert, { productId: 1, stock: true, price: false })).toMatchObject({ code: 401 });
  });

  it('lists a favourite with its price at one piece (4 decimals), stock, package, brand, pack-respecting cart quantity and date', async () => {
    const member = await t.member();
    const part = await insertPart(t.db.kysely, t.fixture.catalog, {
      code: 'FAV-LIST-1',
      package: 'SOT-23',
      stock: 2500,
      packSize: 100,
      prices: [
        { qtyStart: 100, priceE4: 125 },
        { qtyStart: 1000, priceE4: 90 },
      ],
    });
    await favour(member.browser, member.userId, [part]);
    const data = await page(member.browser);
    expect(data).toMatchObject({ total: 1, page: 1, pageSize: 10, keyword: '' });
    expect(data.items[0]).toMatchObject({
      productId: part,
      code: 'FAV-LIST-1',
      package: 'SOT-23',
      stock: 2500,
      packSize: 100,
      initialQuantity: 100,
      unitPriceE4: 125,
      isDiscontinued: false,
      createdAt: 1_700_000_000_000,
      isStockAlertOn: false,
      isPriceAlertOn: false,
    });
    expect(data.items[0]?.brandName).toContain('YAGEO');
    const html = (await member.browser.get('/user/favorite')).body;
    expect(html).toContain('¥0.0125');
    expect(html).toContain('2023-11-15');
    expect(html).toContain(`href="/product/detail/${String(part)}"`);
    expect(await countFavorites(t.db.kysely, member.userId)).toBe(1);
  });

  it('shows a part without prices or discontinued and sold out as 已停售, with no add to cart', async () => {
    const member = await t.member();
    const unpriced = await insertPart(t.db.kysely, t.fixture.catalog, { code: 'FAV-GONE-1', prices: [] });
    const ended = await insertPart(t.db.kysely, t.fixture.catalog, { code: 'FAV-GONE-2', lifecycle: 'eol', stock: 0 });
    const lastStock = await insertPart(t.db.kysely, t.fixture.catalog, { code: 'FAV-EOL-STOCK', lifecycle: 'eol', stock: 5 });
    await favour(member.browser, member.userId, [unpriced, ended, lastStock]);
    const data = await page(member.browser);
    expect(data.items.map((item) => [item.code, item.isDiscontinued, item.unitPriceE4])).toEqual([
      ['FAV-EOL-STOCK', false, 100],
      ['FAV-GONE-2', true, 100],
      ['FAV-GONE-1', true, null],
    ]);
    const html = (await member.browser.get('/user/favorite')).body;
    expect(html.match(/已停售/g)?.length).toBe(4);
  });

  it('searches by part number, brand and description, pages 10 or 20 at a time, and keeps it all in the URL', async () => {
    const member = await t.member();
    const parts: number[] = [];
    for (let i = 0; i < 23; i++) {
      parts.push(
        await insertPart(t.db.kysely, t.fixture.catalog, { code: `FAVPG-${String(i).padStart(2, '0')}`, description: i === 7 ? '特殊的精密电阻' : '普通电阻' }),
      );
    }
    await favour(member.browser, member.userId, parts);

    const first = await page(member.browser);
    expect(first.total).toBe(23);
    expect(first.items.map((item) => item.code)).toEqual(Array.from({ length: 10 }, (_, i) => `FAVPG-${String(22 - i).padStart(2, '0')}`));
    const third = await page(member.browser, '?page=3');
    expect(third.items.map((item) => item.code)).toEqual(['FAVPG-02', 'FAVPG-01', 'FAVPG-00']);
    const big = await page(member.browser, '?size=20&page=2');
    expect([big.pageSize, big.page, big.items.length]).toEqual([20, 2, 3]);
    expect((await member.browser.get('/user/favorite?size=20')).body).toContain('href="/user/favorite?page=2&amp;size=20"');
    // A page past the end shows the last one; an odd size is the default.
    expect(await page(member.browser, '?page=99&size=7')).toMatchObject({ page: 3, pageSize: 10 });

    expect((await page(member.browser, '?q=favpg-1')).items.map((item) => item.code)).toEqual(Array.from({ length: 10 }, (_, i) => `FAVPG-${String(19 - i)}`));
    expect((await page(member.browser, '?q=%E7%B2%BE%E5%AF%86')).items.map((item) => item.code)).toEqual(['FAVPG-07']);
    expect((await page(member.browser, '?q=yageo')).total).toBe(23);
    expect((await page(member.browser, '?q=100%25_')).total).toBe(0);
    const empty = (await member.browser.get('/user/favorite?q=nothing')).body;
    expect(empty).toContain('没有找到与“nothing”相关的收藏');

    const listed = await member.browser.callOk(favoriteCalls.list, { keyword: 'FAVPG-2', page: 1, pageSize: 20 });
    expect(listed.items.map((item) => item.code)).toEqual(['FAVPG-22', 'FAVPG-21', 'FAVPG-20']);
    expect(await member.browser.call(favoriteCalls.list, { keyword: '', page: 1, pageSize: 15 as 10 })).toMatchObject({
      code: 400,
      errorCode: 'request.invalid',
    });
  });

  it('shows an empty list with a link to search, and another member sees none of these favourites', async () => {
    const owner = await t.member();
    const other = await t.member();
    await favour(owner.browser, owner.userId, [await insertPart(t.db.kysely, t.fixture.catalog)]);
    expect(await page(other.browser)).toMatchObject({ total: 0, items: [] });
    expect((await other.browser.get('/user/favorite')).body).toContain('您还没有收藏任何商品，<a href="/search">去搜索商品</a>');
  });

  it('removes the ticked favourites of the member only, and counts what went', async () => {
    const owner = await t.member();
    const other = await t.member();
    const [a, b, c] = [
      await insertPart(t.db.kysely, t.fixture.catalog),
      await insertPart(t.db.kysely, t.fixture.catalog),
      await insertPart(t.db.kysely, t.fixture.catalog),
    ];
    await favour(owner.browser, owner.userId, [a, b, c]);
    await favour(other.browser, other.userId, [a]);
    expect(await owner.browser.call(favoriteCalls.removeMany, { productIds: [a, b, b, 999_999] })).toEqual({
      code: 1,
      data: { removedCount: 2 },
      msg: '已删除所选收藏',
    });
    expect((await page(owner.browser)).items.map((item) => item.productId)).toEqual([c]);
    expect((await page(other.browser)).items.map((item) => item.productId)).toEqual([a]);
    expect(await other.browser.call(favoriteCalls.removeMany, { productIds: [c] })).toMatchObject({ code: 1, data: { removedCount: 0 } });
    expect(await owner.browser.call(favoriteCalls.removeMany, { productIds: [] })).toMatchObject({
      code: 400,
      errorCode: 'request.invalid',
      msg: '请选择商品',
    });
    expect(await owner.browser.post(favoriteCalls.removeMany.path, { productIds: Array.from({ length: 101 }, (_, i) => i + 1) })).toMatchObject({
      code: 400,
      msg: '一次最多删除100个收藏',
    });
  });

  it('switches alerts of a favourite, starting from the part as it is, and refuses a part not favourited', async () => {
    const member = await t.member();
    const part = await insertPart(t.db.kysely, t.fixture.catalog, { stock: 0 });
    await favour(member.browser, member.userId, [part]);
    expect(await member.browser.call(favoriteCalls.setAlert, { productId: part, stock: true, price: true })).toEqual({
      code: 1,
      data: { isStockAlertOn: true, isPriceAlertOn: true },
      msg: '提醒设置已保存',
    });
    const stored = () =>
      t.db.kysely
        .selectFrom('favorites')
        .select(['stockAlertOn', 'alertStockSeen', 'priceAlertOn', 'alertPriceE4'])
        .where('userId', '=', member.userId)
        .where('productId', '=', part)
        .executeTakeFirstOrThrow();
    expect(await stored()).toEqual({ stockAlertOn: 1, alertStockSeen: 0, priceAlertOn: 1, alertPriceE4: 100 });
    // Switching one alert leaves the other's mark where it was.
    await t.db.kysely.updateTable('productPrices').set({ priceE4: 150 }).where('productId', '=', part).where('qtyStart', '=', 1).execute();
    await member.browser.callOk(favoriteCalls.setAlert, { productId: part, stock: false, price: true });
    expect(await stored()).toEqual({ stockAlertOn: 0, alertStockSeen: null, priceAlertOn: 1, alertPriceE4: 100 });
    expect((await page(member.browser)).items[0]).toMatchObject({ isStockAlertOn: false, isPriceAlertOn: true });

    const stranger = await t.member();
    expect(await stranger.browser.call(favoriteCalls.setAlert, { productId: part, stock: true, price: false })).toMatchObject({
      code: 404,
      errorCode: 'favorite.notFound',
      msg: '该商品不在您的收藏中',
    });
    expect(await member.browser.post(favoriteCalls.setAlert.path, { productId: part, stock: 'yes', price: true })).toMatchObject({
      code: 400,
      errorCode: 'request.invalid',
    });
  });
});
