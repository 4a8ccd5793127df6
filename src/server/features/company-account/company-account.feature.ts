import type { FeatureRegistration } from '../feature-registration.ts';
import { companyAccountPages } from './company-account.pages.ts';
import { registerCompanyAccountRoutes } from './company-account.routes.ts';

/** 企业账户: a company, its members' roles and invitations, and its 审批金额 (its orders: the order feature). */
export const registerCompanyAccountFeature: FeatureRegistration = (app, deps, pages) => {
  registerCompanyAccountRoutes(app, deps.db);
  pages.push(...companyAccountPages(deps));
};
