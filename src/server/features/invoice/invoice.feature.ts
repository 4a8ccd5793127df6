import type { FeatureRegistration } from '../feature-registration.ts';
import { invoicePages } from './invoice.pages.ts';
import { registerInvoiceRoutes } from './invoice.routes.ts';

/** Invoice profiles (calls and the /user/invoice page) and the company register's lookups. */
export const registerInvoiceFeature: FeatureRegistration = (app, deps, pages) => {
  registerInvoiceRoutes(app, deps);
  pages.push(...invoicePages(deps));
};
