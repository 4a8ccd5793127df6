import type { FeatureRegistration } from '../feature-registration.ts';
import { catalogDeskPages } from './catalog-desk.pages.ts';
import { registerCatalogDeskRoutes } from './catalog-desk.routes.ts';
import { registerProductImageFiles, registerProductImageUpload } from './product-image.routes.ts';

/** 管理后台 · 商品管理 (issue 14, catalogue desk), in the console's scope: products, their tiers, parameters, stock and zones. */
export const registerCatalogDeskFeature: FeatureRegistration = (app, deps, pages) => {
  registerCatalogDeskRoutes(app, deps);
  registerProductImageUpload(app, deps);
  pages.push(...catalogDeskPages(deps));
};

/** The product pictures the desk stores, shown by the shop ({image base}product/<file>), in the shop's scope. */
export const registerProductPicturesFeature: FeatureRegistration = (app, deps) => {
  registerProductImageFiles(app, deps);
};
