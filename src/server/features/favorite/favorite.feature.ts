import type { FeatureRegistration } from '../feature-registration.ts';
import { createFavoriteAlerts } from './favorite-alerts.ts';
import { registerFavoriteAlertMetrics } from './favorite-alerts.metrics.ts';
import { favoritePages } from './favorite.pages.ts';
import { registerFavoriteRoutes } from './favorite.routes.ts';

/** The member's favorites: the calls, the /user/favorite page, and in each process the pass that sends their alerts. */
export const registerFavoriteFeature: FeatureRegistration = (app, deps, pages) => {
  const alerts = createFavoriteAlerts(deps.db, deps.logger, deps.config.favoriteAlertIntervalMs);
  app.addHook('onListen', async () => alerts.start());
  app.addHook('onClose', async () => alerts.close());
  registerFavoriteAlertMetrics(deps.ops.metrics.registry, deps.db, alerts);
  registerFavoriteRoutes(app, deps.db);
  pages.push(...favoritePages(deps));
};
