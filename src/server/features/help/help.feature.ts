import type { FeatureRegistration } from '../feature-registration.ts';
import { createPaymentProviders } from '../payment/payment.service.ts';
import { deliveryFactsOf, paymentFactsOf } from './help-facts.ts';
import { helpPages } from './help.pages.ts';
import { registerHelpRoutes } from './help.routes.ts';

/** The help centre /serve/<slug>, its search and its "was this helpful" vote. */
export const registerHelpFeature: FeatureRegistration = (app, deps, pages) => {
  const methods = createPaymentProviders(deps.config.payments).options;
  const facts = { delivery: deliveryFactsOf(deps.config), payment: paymentFactsOf(deps.config, methods) };
  registerHelpRoutes(app, deps);
  pages.push(...helpPages(deps, facts));
};
