import { describe, expect, it } from 'vitest';
import { SendMsgType } from '../../../contract/account.ts';
import { accountCalls } from '../../../contract/account-calls.ts';
import type { HomeData } from '../../../contract/home.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import { countingDb } from '../../testing/statement-counter.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { sendCode } from '../account/account.test-helpers.ts';
import { insertCatalogFixture } from '../catalog/testing/catalog-fixture.ts';
import { seedOrders } from '../order/testing/order-fixture.ts';
import { createCacheVersions } from '../../cache/cache-versions.ts';
import type { Visitor } from '../../http/session.ts';
import { loadMemberCard } from '../account/member-card.service.ts';
import { visitorHasNewMemberPack } from '../coupon/coupon.service.ts';
import { siteFactsOf } from '../site-facts/site-facts.service.ts';
import { createHomeContentCache, loadHomeData } from './home.service.ts';
import { seedHomeContent } from './home.seed.ts';

describe('home page', () => {
  const t = useTestApp({
    fixture: async (app) => {
      await insertCatalogFixture(app.db);
      // Before any page: the app's home content cache is still empty.
      await seedHomeContent(app.db);
      await seedOrders(app.db);
    },
  });

  it('renders banners, products, brands, news and order statistics in the server HTML', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    const { data } = pageStateOf<HomeData>(html);
    expect(data.bannerList.length).toBeGreaterThanOrEqual(3);
    const [banner] = data.bannerList;
    const firstProduct = data.productList[0]?.[0];
    const firstBrand = data.brandList[0]?.[0];
    const [announcement] = data.newsList;
    if (!banner || !firstProduct || !firstBrand || !announcement) throw new Error('a home section is empty');
    expect(html).toContain(`src="${banner.picFilePath}"`);
    expect(html).toContain(`href="/product/detail/${firstProduct.productId}"`);
    expect(html).toContain(firstProduct.factoryCode);
    expect(html).toContain(`href="/brand/${firstBrand.brandId}"`);
    expect(html).toContain(announcement.title);
    expect(html).toContain(`href="/news/${announcement.newsId}"`);
    expect(html).toContain(data.informationList[0]?.title);
    expect(html).toContain(data.articleList[0]?.title);
    const firstOrder = data.orderStatisticsList[0];
    expect(html).toContain(firstOrder?.userNum);
    expect(html).toContain('pcs');
    expect(html).toContain('href="/product/discount?subject=A01"');
    expect(html).toContain('href="/about"');
    expect(html).toContain('href="/brand"');
    expect(html).toMatch(/<title>芯品商城-电子元器件采购网上商城<\/title>/);
  });

  it('keeps the spec limits: 6 announcements, 5 per news column, groups per slide', async () => {
    const { data } = pageStateOf<HomeData>((await t.app.inject({ method: 'GET', url: '/' })).body);
    expect(data.newsList).toHaveLength(6);
    expect(data.informationList).toHaveLength(5);
    expect(data.articleList).toHaveLength(5);
    expect(data.orderStatisticsList.length).toBeGreaterThan(5);
    expect(data.orderStatisticsList.length).toBeLessThanOrEqual(20);
    for (const slide of data.productList) expect(slide.length).toBeLessThanOrEqual(5);
    for (const slide of data.brandList) expect(slide.length).toBeLessThanOrEqual(12);
    expect(data.productList.length).toBeGreaterThanOrEqual(2);
  });

  it('shows the latest announcements first, each item with id and title', async () => {
    const { data } = pageStateOf<HomeData>((await t.app.inject({ method: 'GET', url: '/' })).body);
    expect(data.newsList[0]?.title).toBe('关于2026年端午节假期发货安排的通知');
    for (const item of data.newsList) expect(Object.keys(item).sort()).toEqual(['newsId', 'title']);
    for (const item of data.informationList) expect(item.linkUrl).toMatch(/^\/news\/\d+$/);
  });

  it('masks buyers and orders the statistics newest first', async () => {
    const { data } = pageStateOf<HomeData>((await t.app.inject({ method: 'GET', url: '/' })).body);
    for (const row of data.orderStatisticsList) {
      expect(row.userNum).toMatch(/^1\d{2}\*{4}\d{4}$/);
      expect(row.orderTimeStr).toMatch(/^\d{2}-\d{2} \d{2}:\d{2}$/);
      expect(row.tradeAmount).toBeGreaterThan(0);
    }
    const times = data.orderStatisticsList.map((row) => row.orderTimeStr);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('marks special offers with the corner icon and gives single-piece prices', async () => {
    const { data } = pageStateOf<HomeData>((await t.app.inject({ method: 'GET', url: '/' })).body);
    const products = data.productList.flat();
    const offers = products.filter((product) => product.imagesIcons.leftTop);
    expect(offers.length).toBeGreaterThan(0);
    for (const offer of offers) expect(offer.imagesIcons.leftTop?.picFile.filePath).toBe('/static/banners/special-offer-corner.svg');
    for (const product of products) expect(product.price).toBeGreaterThan(0);
  });

  it('greets a visitor without user info', async () => {
    const { data } = pageStateOf<HomeData>((await t.app.inject({ method: 'GET', url: '/' })).body);
    expect(data.isLogin).toBe(false);
    expect(data.userInfo).toBeNull();
    expect(['早上好', '下午好', '晚上好']).toContain(data.greetings);
  });

  it('passes a non-empty inviter of the query on; a repeated one counts by its first value, as every page query does', async () => {
    const once = pageStateOf<HomeData>((await t.app.inject({ method: 'GET', url: '/?inviter=%20U2606110001%20' })).body);
    expect(once.data.inviter).toBe('U2606110001');
    const twice = pageStateOf<HomeData>((await t.app.inject({ method: 'GET', url: '/?inviter=a&inviter=b' })).body);
    expect(twice.data.inviter).toBe('a');
  });

  it("shows a member's card with order and favorite counts, 0 by default", async () => {
    const browser = t.browser('10.9.0.1');
    const phone = '13700001111';
    const smsCode = await sendCode(t, browser, phone, SendMsgType.register);
    expect(await browser.call(accountCalls.quickRegister, { phone, smsCode })).toMatchObject({ code: 1, msg: '注册成功' });
    const fresh = pageStateOf<HomeData>((await browser.get('/')).body);
    expect(fresh.data.isLogin).toBe(true);
    expect(fresh.data.userInfo).toMatchObject({ nickName: '137****1111', orderCount: 0, favoriteCount: 0, userImgPath: '' });
    expect(fresh.data.userInfo?.userNumber).toMatch(/^U\d{6}\d{4,}$/);

    const user = await t.db.kysely.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow();
    const products = await t.db.kysely.selectFrom('products').select('id').limit(3).execute();
    const now = Date.now();
    await t.db.kysely
      .insertInto('favorites')
      .values(products.map((product) => ({ userId: user.id, productId: product.id, createdAt: now })))
      .execute();
    await t.db.kysely
      .insertInto('orders')
      .values([
        {
          orderNo: 'SO-TEST-1',
          idempotencyKey: 'SO-TEST-1',
          userId: user.id,
          status: 'unshipped',
          productCount: 100,
          goodsCents: 10_000,
          payableCents: 10_000,
          createdAt: now,
          updatedAt: now,
        },
        {
          orderNo: 'SO-TEST-2',
          idempotencyKey: 'SO-TEST-2',
          userId: user.id,
          status: 'completed',
          productCount: 5,
          goodsCents: 500,
          payableCents: 500,
          createdAt: now,
          updatedAt: now,
        },
      ])
      .execute();
    const html = (await browser.get('/')).body;
    expect(pageStateOf<HomeData>(html).data.userInfo).toMatchObject({ orderCount: 2, favoriteCount: 3 });
    expect(html).toMatch(/href="\/user\/order\/list"[^>]*><strong>2<\/strong>/);
    expect(html).toMatch(/href="\/user\/favorite"[^>]*><strong>3<\/strong>/);
    expect(html).toContain('href="/user/person"');
  });

  it("reads the member's name and new-member pack once for the page and its shell, and again on the next page", async () => {
    const member = await t.member({ nickName: '旧名字' });
    const { db: counted, count: statements } = countingDb(t.db.kysely);
    const request: Visitor = { sid: 'sid-of-one-request', userId: member.userId };
    const homeContent = createHomeContentCache(t.db.kysely, createCacheVersions(t.db.kysely), () =>
      siteFactsOf({ db: t.db.kysely, config: t.deps.config }).load(),
    );
    await homeContent.load();
    const data = await loadHomeData(counted, homeContent, request, '');
    const pageStatements = statements();
    expect(data.userInfo?.nickName).toBe('旧名字');
    // The shell asks the same request's questions: answered without a statement.
    expect(await loadMemberCard(counted, request)).toMatchObject({ nickName: '旧名字' });
    expect(await visitorHasNewMemberPack(counted, request)).toBe(false);
    expect(statements()).toBe(pageStatements);

    await t.db.kysely.updateTable('users').set({ nickName: '新名字' }).where('id', '=', member.userId).execute();
    const { shell, data: next } = pageStateOf<HomeData>((await member.browser.get('/')).body);
    expect(next.userInfo?.nickName).toBe('新名字');
    expect(shell.user.nickName).toBe('新名字');
  });
});
