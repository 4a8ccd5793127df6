import type { FeatureRegistration } from '../feature-registration.ts';
import { createCategoryTreeCache } from '../catalog/category-tree.service.ts';
import { supplierPages } from './supplier.pages.ts';
import { registerSupplierRoutes } from './supplier.routes.ts';

/** 供应商入驻: the page, the application and the progress lookup. Review is a staff service (reviewSupplierApplication). */
export const registerSupplierFeature: FeatureRegistration = (app, deps, pages) => {
  const categories = createCategoryTreeCache(deps.db, deps.cacheVersions);
  registerSupplierRoutes(app, { ...deps, categories });
  pages.push(...supplierPages(deps, categories));
};
