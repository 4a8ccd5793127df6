import type { FeatureRegistration } from '../feature-registration.ts';
import { couponPages } from './coupon.pages.ts';
import { registerCouponRoutes } from './coupon.routes.ts';

/** Coupons: the coupon centre and its claim call, the member's coupons, the new-member pack's page. */
export const registerCouponFeature: FeatureRegistration = (app, deps, pages) => {
  registerCouponRoutes(app, deps.db);
  pages.push(...couponPages(deps));
};
