import { describe, expect, it } from 'vitest';
import { createCacheVersions } from '../../cache/cache-versions.ts';
import { seedDemoData } from '../../seed/seed.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { siteFactsOf } from '../site-facts/site-facts.service.ts';
import { createHomeContentCache, loadHomeData } from './home.service.ts';

describe('home demo content on the demo catalogue', () => {
  const t = useTestApp({
    fixture: async (app) => {
      await seedDemoData(app.db, { skus: 400 });
    },
  });

  const homeCache = () =>
    createHomeContentCache(t.db.kysely, createCacheVersions(t.db.kysely), () => siteFactsOf({ db: t.db.kysely, config: t.deps.config }).load());

  it('fills every home section from the seed', async () => {
    const data = await loadHomeData(t.db.kysely, homeCache(), null, '', Date.UTC(2026, 5, 11, 2));
    expect(data.bannerList.length).toBeGreaterThanOrEqual(4);
    expect(data.newsList).toHaveLength(6);
    expect(data.informationList).toHaveLength(5);
    expect(data.articleList).toHaveLength(5);
    expect(data.orderStatisticsList).toHaveLength(20);
    expect(data.productList).toHaveLength(3);
    for (const slide of data.productList) expect(slide).toHaveLength(5);
    expect(data.brandList.flat().length).toBeGreaterThanOrEqual(12);
    expect(data.greetings).toBe('早上好');
  });

  it('puts labelled or special-offer parts in stock on the display stand, from different categories first', async () => {
    const ids = (await t.db.kysely.selectFrom('homeProducts').select('productId').execute()).map((row) => row.productId);
    const parts = await t.db.kysely
      .selectFrom('products')
      .select(['id', 'label', 'isSpecialOffer', 'stock', 'categorySecondId'])
      .where('id', 'in', ids)
      .execute();
    expect(parts).toHaveLength(15);
    for (const part of parts) expect(part.stock).toBeGreaterThan(0);
    const featured = parts.filter((part) => part.label !== null || part.isSpecialOffer === 1);
    expect(featured.length).toBeGreaterThanOrEqual(10);
    expect(new Set(parts.map((part) => part.categorySecondId)).size).toBeGreaterThanOrEqual(8);
  });

  it('gives the demo member orders of its own and masks every buyer', async () => {
    const member = await t.db.kysely.selectFrom('users').select('id').where('phone', '=', '13800138000').executeTakeFirstOrThrow();
    const info = await loadHomeData(t.db.kysely, homeCache(), { sid: '', userId: member.id }, '');
    expect(info.userInfo?.orderCount).toBeGreaterThanOrEqual(2);
    const orders = await t.db.kysely.selectFrom('orders').select(['userId', 'productCount', 'payableCents']).execute();
    expect(orders.length).toBeGreaterThanOrEqual(40);
    expect(new Set(orders.map((order) => order.userId)).size).toBeGreaterThanOrEqual(20);
  });
});
