import type { FeatureRegistration } from '../feature-registration.ts';
import { marketingDeskPages } from './marketing-desk.pages.ts';
import { registerMarketingDeskRoutes } from './marketing-desk.routes.ts';

/** 营销管理 (issue 14): coupons, the coupon centre, the new-member pack and the invite reward. */
export const registerMarketingDeskFeature: FeatureRegistration = (app, deps, pages) => {
  registerMarketingDeskRoutes(app, deps);
  pages.push(...marketingDeskPages(deps));
};
