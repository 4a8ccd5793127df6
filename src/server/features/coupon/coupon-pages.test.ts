import { describe, expect, it } from 'vitest';
import { couponUseUrl, type CouponCentreData, type MyCouponsData } from '../../../contract/coupon.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { brandIdOf } from '../../seed/brands.data.ts';
import { buildCategoryRows } from '../../seed/category-rows.ts';
import { seedCoupons } from './coupon.seed.ts';
import { day, giveCoupon, insertCentreCoupon } from './testing/coupon-fixture.ts';

describe('/user/coupon', () => {
  const t = useTestApp();

  async function myCoupons(browser: Awaited<ReturnType<typeof t.member>>['browser'], query = ''): Promise<MyCouponsData> {
    const page = await browser.get(`/user/coupon${query}`);
    expect(page.statusCode).toBe(200);
    return pageStateOf<MyCouponsData>(page.body).data;
  }

  it('sends visitors to the login page', async () => {
    const page = await t.browser().get('/user/coupon?tab=used');
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe('/account/login?return=%2Fuser%2Fcoupon%3Ftab%3Dused');
  });

  it('shows unused (soonest to expire first), used and expired coupons in their tabs with counts, each with where it can be used', async () => {
    const member = await t.member();
    const db = t.db.kysely;
    const brandTemplate = await insertCentreCoupon(db, { name: 'ST专享券', scope: 'brand', scopeId: 2, scopeName: 'ST(意法半导体)' });
    const categoryTemplate = await insertCentreCoupon(db, { name: '贴片电阻券', scope: 'category', scopeId: 3, scopeParentId: 2, scopeName: '贴片电阻' });
    const unused = await giveCoupon(db, member.userId, brandTemplate);
    const pending = await giveCoupon(db, member.userId, categoryTemplate, { validFrom: Date.now() + 2 * day, validUntil: Date.now() + 9 * day });
    const used = await giveCoupon(db, member.userId, await insertCentreCoupon(db, { name: '已用券' }));
    const expired = await giveCoupon(db, member.userId, await insertCentreCoupon(db, { name: '过期券' }), { validUntil: Date.now() - day });
    await db.updateTable('memberCoupons').set({ usedOrderId: 42, usedAt: Date.now() }).where('id', '=', used).execute();

    const unusedTab = await myCoupons(member.browser);
    expect(unusedTab.tab).toBe('unused');
    expect(unusedTab.counts).toEqual({ unused: 2, used: 1, expired: 1 });
    expect(unusedTab.coupons.map((coupon) => [coupon.memberCouponId, coupon.status, couponUseUrl(coupon)])).toEqual([
      [pending, 'unused', '/choose/2-3'],
      [unused, 'unused', '/brand/2'],
    ]);
    const page = await member.browser.get('/user/coupon');
    expect(page.body).toContain('限ST(意法半导体)品牌商品使用');
    expect(page.body).toContain('未开始');

    const usedTab = await myCoupons(member.browser, '?tab=used');
    expect(usedTab.coupons.map((coupon) => [coupon.memberCouponId, coupon.status, coupon.usedOrderId])).toEqual([[used, 'used', 42]]);
    const expiredTab = await myCoupons(member.browser, '?tab=expired');
    expect(expiredTab.coupons.map((coupon) => [coupon.memberCouponId, coupon.status])).toEqual([[expired, 'expired']]);
  });

  it('reads an unknown tab or page as the first page of unused coupons', async () => {
    const member = await t.member();
    const data = await myCoupons(member.browser, '?tab=stolen&page=-3');
    expect(data).toMatchObject({ tab: 'unused', page: 1, coupons: [], counts: { unused: 0, used: 0, expired: 0 } });
  });

  it('pages 20 coupons at a time', async () => {
    const member = await t.member();
    const templateId = await insertCentreCoupon(t.db.kysely, { perMemberLimit: 30 });
    for (let i = 0; i < 23; i++) await giveCoupon(t.db.kysely, member.userId, templateId, { validUntil: Date.now() + (i + 1) * day });
    const first = await myCoupons(member.browser);
    const second = await myCoupons(member.browser, '?page=2');
    expect([first.coupons.length, second.coupons.length, second.total]).toEqual([20, 3, 23]);
    expect(new Set([...first.coupons, ...second.coupons].map((coupon) => coupon.memberCouponId)).size).toBe(23);
  });
});

describe('the demo coupon centre', () => {
  const t = useTestApp();

  it('offers a dozen coupons over real seeded brands and categories, some nearly gone, one sold out, one not started', async () => {
    await seedCoupons(t.db);
    const data = pageStateOf<CouponCentreData>((await t.browser().get('/coupon')).body).data;
    expect(data.coupons.length).toBeGreaterThanOrEqual(12);
    const { categories } = buildCategoryRows();
    const brandIds = new Set(Object.values(brandIdOf));
    for (const coupon of data.coupons) {
      if (coupon.scope === 'brand') expect(brandIds.has(coupon.scopeId ?? 0)).toBe(true);
      if (coupon.scope === 'category') {
        const category = categories.find((row) => row.id === coupon.scopeId);
        expect(category?.name).toBe(coupon.scopeName);
        expect(category?.parentId ?? null).toBe(coupon.scopeParentId);
      }
    }
    expect(data.coupons.filter((coupon) => coupon.kind === 'freight')).toHaveLength(1);
    expect(
      data.coupons.filter((coupon) => coupon.totalStock !== null && coupon.totalStock - coupon.claimedCount <= 5 && coupon.state === 'claimable').length,
    ).toBeGreaterThanOrEqual(3);
    expect(data.coupons.filter((coupon) => coupon.state === 'soldOut')).toHaveLength(1);
    expect(data.coupons.filter((coupon) => coupon.state === 'notStarted')).toHaveLength(1);
  });
});
