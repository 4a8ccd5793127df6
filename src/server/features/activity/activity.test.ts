import { describe, expect, it } from 'vitest';
import type { ActivityData } from '../../../contract/activity.ts';
import type { FacetedProductPage } from '../../../contract/catalog.ts';
import type { CouponCentreData, NewMemberPackData } from '../../../contract/coupon.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { day, insertCentreCoupon } from '../coupon/testing/coupon-fixture.ts';
import { insertOrderCatalog, insertPart } from '../order/testing/order-fixture.ts';

describe('优惠活动 /activity', () => {
  const t = useTestApp({
    fixture: async (app) => {
      const now = Date.now();
      const catalog = await insertOrderCatalog(app.db);
      // Only this file's offers are on special offer, so the block's contents are known.
      await app.db.kysely.updateTable('products').set({ isSpecialOffer: 0 }).execute();
      await insertCentreCoupon(app.db.kysely, { name: '全场 满100减10', faceValueCents: 1000, thresholdCents: 10_000 });
      await insertCentreCoupon(app.db.kysely, { name: '全场 满500减60', faceValueCents: 6000, thresholdCents: 50_000 });
      await insertCentreCoupon(app.db.kysely, { name: '已抢光 满50减5', faceValueCents: 500, thresholdCents: 5000, totalStock: 3, claimedCount: 3 });
      await insertCentreCoupon(app.db.kysely, { name: '明日开抢 满200减30', faceValueCents: 3000, thresholdCents: 20_000, claimFrom: now + day });
      await insertCentreCoupon(app.db.kysely, { name: '新人 无门槛5元', faceValueCents: 500, thresholdCents: 0, isInCentre: 0, isNewMemberPack: 1 });
      await insertCentreCoupon(app.db.kysely, { name: '新人 满99减15', faceValueCents: 1500, thresholdCents: 9900, isInCentre: 0, isNewMemberPack: 1 });
      const offer = await insertPart(app.db.kysely, catalog, {
        code: 'ACT-OFFER-1',
        isSpecialOffer: 1,
        prices: [{ qtyStart: 10, priceE4: 450, originalPriceE4: 600 }],
      });
      await insertPart(app.db.kysely, catalog, { code: 'ACT-OFFER-2', isSpecialOffer: 1 });
      await insertPart(app.db.kysely, catalog, { code: 'ACT-REGULAR-1' });
      return { offer };
    },
  });

  it('shows the coupon centre, special offers and new-member pack exactly as their own pages have them', async () => {
    const response = await t.browser().get('/activity');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`<title>优惠活动 - ${t.deps.config.siteName}</title>`);
    const data = pageStateOf<ActivityData>(response.body).data;

    const centre = pageStateOf<CouponCentreData>((await t.browser().get(data.couponCentre.path)).body).data;
    const claimable = centre.coupons.filter((coupon) => coupon.state === 'claimable');
    expect(data.couponCentre.claimableCount).toBe(claimable.length);
    expect(claimable.map((coupon) => coupon.name)).toEqual(expect.arrayContaining(['全场 满100减10', '全场 满500减60']));
    expect(claimable.map((coupon) => coupon.name)).not.toEqual(expect.arrayContaining(['已抢光 满50减5']));
    expect(claimable.map((coupon) => coupon.name)).not.toEqual(expect.arrayContaining(['明日开抢 满200减30']));
    expect(response.body).toContain(`data-testid="activity-claimable-count">${String(claimable.length)}<`);
    expect(data.couponCentre.totalCount).toBe(centre.coupons.length);
    expect(data.couponCentre.coupons.map((coupon) => coupon.name)).toEqual(claimable.slice(0, 4).map((coupon) => coupon.name));

    const offers = pageStateOf<{ products: FacetedProductPage }>((await t.browser().get(data.specialOffers.path)).body).data.products;
    expect(data.specialOffers.total).toBe(offers.total);
    expect(offers.list.map((product) => product.code).sort()).toEqual(['ACT-OFFER-1', 'ACT-OFFER-2']);
    expect(data.specialOffers.offers.map((offer) => offer.code)).toEqual(offers.list.map((product) => product.code));
    expect(response.body).toContain(`data-testid="activity-offer-total">${String(offers.total)}<`);
    const first = data.specialOffers.offers.find((offer) => offer.productId === t.fixture.offer);
    expect(first?.priceTiers[0]).toMatchObject({ qtyStart: 10, priceE4: 450, originalPriceE4: 600 });
    expect(response.body).toContain('¥0.045');
    expect(response.body).toContain('<del>¥0.06</del>');

    const pack = pageStateOf<NewMemberPackData>((await t.browser().get(data.newMemberPack.path)).body).data.pack;
    expect(data.newMemberPack.pack).toEqual(pack);
    expect(pack.map((coupon) => coupon.name)).toEqual(expect.arrayContaining(['新人 无门槛5元', '新人 满99减15']));
    const packCents = pack.reduce((sum, coupon) => sum + coupon.faceValueCents, 0);
    expect(data.newMemberPack.totalFaceValueCents).toBe(packCents);
    expect(response.body).toContain(`data-testid="activity-pack-value">¥${String(packCents / 100)}<`);
  });

  it('links every block to a page that answers 200', async () => {
    const html = (await t.browser().get('/activity')).body;
    const links = new Set(
      [...html.matchAll(/<main[\s\S]*<\/main>/g)].flatMap((main) => [...main[0].matchAll(/href="([^"]+)"/g)].map((match) => match[1] ?? '')),
    );
    for (const path of ['/coupon', '/product/discount?subject=A01', '/serve/advantage', `/product/detail/${String(t.fixture.offer)}`])
      expect(links).toContain(path);
    for (const link of links) {
      const response = await t.browser().get(link.replaceAll('&amp;', '&'));
      expect(response.statusCode, link).toBe(200);
    }
  });

  it('counts a coupon the member claimed out of what is left to claim', async () => {
    const member = await t.member();
    const before = pageStateOf<ActivityData>((await member.browser.get('/activity')).body).data.couponCentre.claimableCount;
    const centre = pageStateOf<CouponCentreData>((await member.browser.get('/coupon')).body).data;
    const target = centre.coupons.find((coupon) => coupon.state === 'claimable');
    if (!target) throw new Error('nothing claimable');
    await member.browser.post('/coupon/api/claim', { templateId: target.templateId });
    const after = pageStateOf<ActivityData>((await member.browser.get('/activity')).body).data.couponCentre.claimableCount;
    expect(after).toBe(before - 1);
  });
});
