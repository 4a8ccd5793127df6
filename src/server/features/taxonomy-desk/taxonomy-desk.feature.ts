import type { FeatureRegistration } from '../feature-registration.ts';
import { taxonomyDeskPages } from './taxonomy-desk.pages.ts';
import { registerBrandDeskRoutes, registerBrandLogoImages, registerCategoryDeskRoutes } from './taxonomy-desk.routes.ts';

/** 分类管理 and 品牌管理 of the console (issue 14): the category tree with its menu groups, and the brands. */
export const registerTaxonomyDeskFeature: FeatureRegistration = (app, deps, pages) => {
  registerCategoryDeskRoutes(app, deps);
  registerBrandDeskRoutes(app, deps);
  pages.push(...taxonomyDeskPages(deps));
};

/** The brand logos the desk stores, shown by the shop ({image base}brandlogo/<file>), in the shop's scope. */
export const registerBrandLogosFeature: FeatureRegistration = (app, deps) => {
  registerBrandLogoImages(app, deps);
};
