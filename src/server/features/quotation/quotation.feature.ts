import type { FeatureRegistration } from '../feature-registration.ts';
import { createQuotationExpiry } from './quotation-expiry.ts';
import { quotationPages } from './quotation.pages.ts';
import { registerQuotationRoutes } from './quotation.routes.ts';

/** Quotation requests and offers: the member's calls, the /user/quotation page, and the expiry of overdue offers in each process. */
export const registerQuotationFeature: FeatureRegistration = (app, deps, pages) => {
  const expiry = createQuotationExpiry(deps.db, deps.logger);
  app.addHook('onListen', async () => expiry.start());
  app.addHook('onClose', async () => expiry.close());
  registerQuotationRoutes(app, deps);
  pages.push(...quotationPages(deps));
};
