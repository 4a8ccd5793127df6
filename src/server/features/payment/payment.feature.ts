import type { FeatureRegistration } from '../feature-registration.ts';
import { createPaymentProviders } from './payment-providers.ts';
import { PaymentReconciler } from './payment-reconciliation.ts';
import { paymentMetricsOf, registerReconcilerMetrics } from './payment.metrics.ts';
import { paymentPages } from './payment.pages.ts';
import { registerPaymentRoutes } from './payment.routes.ts';

/**
 * The cashier /offer/pay/:orderNo, its calls, and the providers' notification endpoints. Each
 * process runs a reconciliation from listen to close that asks the providers about payments and
 * refunds whose news never came (payment-reconciliation.ts); /metrics counts late payments refunded
 * and shows the refunds owed and the reconciliation's last run (payment.metrics.ts).
 */
export const registerPaymentFeature: FeatureRegistration = (app, deps, pages) => {
  const ctx = { ...deps, providers: createPaymentProviders(deps.config.payments), metrics: paymentMetricsOf(deps.ops.metrics.registry) };
  const reconciler = new PaymentReconciler(ctx);
  app.addHook('onListen', async () => reconciler.start());
  app.addHook('onClose', async () => reconciler.close());
  registerReconcilerMetrics(deps.ops.metrics.registry, deps.db, reconciler);
  registerPaymentRoutes(app, ctx);
  pages.push(...paymentPages(ctx));
};
