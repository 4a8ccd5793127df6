import type { CentreCouponState, PackCoupon } from './coupon.ts';
import type { PriceTier } from './pricing.ts';

export const activityPath = '/activity';

/** 优惠活动 /activity: the campaigns running now, each read from the data of its own page. */
export interface ActivityCoupon {
  templateId: number;
  name: string;
  offer: string;
  scope: string;
  state: CentreCouponState;
}

export interface ActivityOffer {
  productId: number;
  code: string;
  brandName: string;
  description: string;
  stock: number;
  priceTiers: PriceTier[];
}

export interface ActivityData {
  couponCentre: { path: string; claimableCount: number; totalCount: number; coupons: ActivityCoupon[] };
  specialOffers: { path: string; title: string; total: number; offers: ActivityOffer[] };
  newMemberPack: { path: string; pack: PackCoupon[]; totalFaceValueCents: number };
}
