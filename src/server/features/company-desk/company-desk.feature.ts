import type { FeatureRegistration } from '../feature-registration.ts';
import { companyDeskPages } from './company-desk.pages.ts';
import { registerCompanyDeskRoutes } from './company-desk.routes.ts';

/** 企业月结 (console, decision 0030): companies' 月结 granted and changed, statements settled. */
export const registerCompanyDeskFeature: FeatureRegistration = (app, deps, pages) => {
  registerCompanyDeskRoutes(app, deps);
  pages.push(...companyDeskPages(deps));
};
