import type { FeatureRegistration } from '../feature-registration.ts';
import { quotationDeskPages } from './quotation-desk.pages.ts';
import { registerQuotationDeskRoutes } from './quotation-desk.routes.ts';

/** 报价管理 (issue 14): BOM quotation requests priced and sent as offers, or closed, by the sales desk. */
export const registerQuotationDeskFeature: FeatureRegistration = (app, deps, pages) => {
  registerQuotationDeskRoutes(app, deps);
  pages.push(...quotationDeskPages(deps));
};
