import type { FeatureRegistration } from '../feature-registration.ts';
import { quotationPages } from './quotation.pages.ts';
import { registerQuotationRoutes } from './quotation.routes.ts';

/** Quotation requests and offers: the member's calls and the /user/quotation page. */
export const registerQuotationFeature: FeatureRegistration = (app, deps, pages) => {
  registerQuotationRoutes(app, deps);
  pages.push(...quotationPages(deps));
};
