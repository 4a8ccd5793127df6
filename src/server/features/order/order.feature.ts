import type { FeatureRegistration } from '../feature-registration.ts';
import { registerOrderApprovalRoutes } from './order-approval.routes.ts';
import { companyOrderPages } from './order-company.pages.ts';
import { registerOrderDocumentRoutes } from './order-document.routes.ts';
import { registerOrderExportRoute } from './order-export.routes.ts';
import { orderPages } from './order.pages.ts';
import { registerOrderRoutes } from './order.routes.ts';
import { OrderSweeper } from './order-sweeper.ts';
import { registerOrderSweeperMetrics } from './order-sweeper.metrics.ts';
import { createTrackingProvider } from './tracking-provider.ts';

/**
 * Checkout, orders and their calls and pages. Each process runs a sweeper from listen to close that
 * cancels unpaid orders past their time and completes long-shipped ones; /metrics shows the work waiting
 * for it and its last run (order-sweeper.metrics.ts).
 */
export const registerOrderFeature: FeatureRegistration = (app, deps, pages) => {
  const sweeper = new OrderSweeper(deps.db, deps.config.orders, deps.logger);
  app.addHook('onListen', async () => sweeper.start());
  app.addHook('onClose', async () => sweeper.close());
  registerOrderSweeperMetrics(deps.ops.metrics.registry, deps.db, deps.config.orders, sweeper);
  registerOrderRoutes(app, deps.db, deps.config.orders, createTrackingProvider(deps.db, deps.config.orders, deps.logger));
  registerOrderExportRoute(app, deps);
  registerOrderDocumentRoutes(app, deps);
  registerOrderApprovalRoutes(app, deps.db, deps.config.orders);
  pages.push(...orderPages(deps), ...companyOrderPages(deps));
};
