import { logBackgroundFailure } from '../../db/database-errors.ts';
import type { FeatureRegistration } from '../feature-registration.ts';
import { catalogContextOf } from './catalog-context.ts';
import { catalogPages } from './catalog.pages.ts';
import { registerCatalogRoutes } from './catalog.routes.ts';
import { warmChooseIndexes } from './choose/choose.service.ts';
import { snapshotPathOf } from '../../cache/snapshot-paths.ts';

/** Issue 4: the catalogue, parametric selection, product detail and the zones. */
export const registerCatalogFeature: FeatureRegistration = (app, deps, pages) => {
  // One per app (shared with the mobile site): its choose indexes and caches belong to this app's database.
  const context = catalogContextOf(deps);
  registerCatalogRoutes(app, context);
  pages.push(...catalogPages(context, deps.config));
  // A large category takes seconds to index: build them all after start, not on a buyer's first visit.
  if (deps.config.isProduction) {
    let isClosing = false;
    app.addHook('onReady', async () => {
      const started = Date.now();
      warmChooseIndexes(context, () => isClosing, snapshotPathOf(deps.config.indexSnapshotBase, 'choose-index')).then(
        (outcome) => {
          // Ready: every category answers from its index (ms since the process started).
          deps.logger.info(
            { ...outcome, ms: Date.now() - started, sinceStartMs: Math.round(performance.now()), rssMb: Math.round(process.memoryUsage().rss / 1048576) },
            'choose indexes ready',
          );
        },
        (error: unknown) => {
          if (!isClosing) logBackgroundFailure(deps.logger, error, 'warming the choose indexes failed');
        },
      );
    });
    app.addHook('onClose', async () => {
      isClosing = true;
    });
  }
};
