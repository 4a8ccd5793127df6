import type { FeatureRegistration } from '../feature-registration.ts';
import { createPaymentProviders } from './payment-providers.ts';
import { paymentPages } from './payment.pages.ts';
import { registerPaymentRoutes } from './payment.routes.ts';

/** The cashier /offer/pay/:orderNo, its calls, and the providers' notification endpoints. */
export const registerPaymentFeature: FeatureRegistration = (app, deps, pages) => {
  const ctx = { ...deps, providers: createPaymentProviders(deps.config.payments) };
  registerPaymentRoutes(app, ctx);
  pages.push(...paymentPages(ctx));
};
