import type { FeatureRegistration } from '../feature-registration.ts';
import { catalogDeskPages } from './catalog-desk.pages.ts';
import { registerCatalogDeskRoutes } from './catalog-desk.routes.ts';
import { registerProductImageRoutes } from './product-image.routes.ts';

/** 管理后台 · 商品管理 (issue 14, catalogue desk): products, their tiers, parameters, stock and zones. */
export const registerCatalogDeskFeature: FeatureRegistration = (app, deps, pages) => {
  registerCatalogDeskRoutes(app, deps);
  registerProductImageRoutes(app, deps);
  pages.push(...catalogDeskPages(deps));
};
