import type { FeatureRegistration } from '../feature-registration.ts';
import { mobilePurchaseListPages } from './purchase-list-mobile.pages.ts';
import { purchaseListPages } from './purchase-list.pages.ts';
import { registerPurchaseListRoutes } from './purchase-list.routes.ts';

/** 常购清单: the member's saved lists, their calls and their two pages (and their phone pages). */
export const registerPurchaseListFeature: FeatureRegistration = (app, deps, pages) => {
  registerPurchaseListRoutes(app, deps.db);
  pages.push(...purchaseListPages(deps));
  pages.push(...mobilePurchaseListPages(deps));
};
