import { activityPath, type ActivityData } from '../../../contract/activity.ts';
import { discountSubjects, ProductSort } from '../../../contract/catalog.ts';
import { couponPaths, offerText, scopeText } from '../../../contract/coupon.ts';
import { loadZoneProducts } from '../catalog/discount.service.ts';
import type { CatalogContext } from '../catalog/choose/choose.service.ts';
import { loadCouponCentre, loadNewMemberPack } from '../coupon/coupon.service.ts';

export { activityPath };

/** The special-offer zone's address, as its own page (/product/discount) takes it. */
export const specialOffersPath = '/product/discount?subject=A01';

const couponsShown = 4;
const offersShown = 6;

/**
 * 优惠活动: the coupon centre, the special offers and the new-member pack, each read by the
 * service its own page uses, so the numbers here are the numbers there.
 */
export async function loadActivity(catalog: CatalogContext, userId: number | null, now = Date.now()): Promise<ActivityData> {
  const [centre, offers, pack] = await Promise.all([
    loadCouponCentre(catalog.db, userId, now),
    loadZoneProducts(catalog, { subject: 'A01', sort: ProductSort.default, page: 1, isStockOnly: false }),
    loadNewMemberPack(catalog.db, userId, now),
  ]);
  const claimable = centre.coupons.filter((coupon) => coupon.state === 'claimable');
  return {
    couponCentre: {
      path: couponPaths.centre,
      claimableCount: claimable.length,
      totalCount: centre.coupons.length,
      coupons: (claimable.length > 0 ? claimable : centre.coupons).slice(0, couponsShown).map((coupon) => ({
        templateId: coupon.templateId,
        name: coupon.name,
        offer: offerText(coupon),
        scope: scopeText(coupon),
        state: coupon.state,
      })),
    },
    specialOffers: {
      path: specialOffersPath,
      title: discountSubjects.A01.title,
      total: offers.total,
      offers: offers.list.slice(0, offersShown).map((product) => ({
        productId: product.productId,
        code: product.code,
        brandName: product.brandName,
        description: product.description,
        stock: product.stock,
        priceTiers: product.priceTiers,
      })),
    },
    newMemberPack: {
      path: couponPaths.newMemberPack,
      pack: pack.pack,
      totalFaceValueCents: pack.pack.reduce((sum, coupon) => sum + coupon.faceValueCents, 0),
    },
  };
}
