import type { FeatureRegistration } from '../feature-registration.ts';
import { companyAccountPages } from './company-account.pages.ts';
import { registerCompanyAccountRoutes } from './company-account.routes.ts';
import { companyInvoicePages } from './company-invoices.pages.ts';
import { registerCompanyInvoiceRoutes } from './company-invoices.routes.ts';

/** 企业账户: a company, its members' roles and invitations, its 审批金额 and 公司发票 (its orders: the order feature). */
export const registerCompanyAccountFeature: FeatureRegistration = (app, deps, pages) => {
  registerCompanyAccountRoutes(app, deps.db);
  registerCompanyInvoiceRoutes(app, deps);
  pages.push(...companyAccountPages(deps), ...companyInvoicePages(deps));
};
