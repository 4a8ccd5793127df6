import type { FeatureRegistration } from '../feature-registration.ts';
import { taxonomyDeskPages } from './taxonomy-desk.pages.ts';
import { registerBrandDeskRoutes, registerCategoryDeskRoutes } from './taxonomy-desk.routes.ts';

/** 分类管理 and 品牌管理 of the console (issue 14): the category tree with its menu groups, and the brands. */
export const registerTaxonomyDeskFeature: FeatureRegistration = (app, deps, pages) => {
  registerCategoryDeskRoutes(app, deps);
  registerBrandDeskRoutes(app, deps);
  pages.push(...taxonomyDeskPages(deps));
};
