import type { FeatureRegistration } from '../feature-registration.ts';
import { createCatalogContext, type CatalogContext } from './catalog-context.ts';
import { catalogPages } from './catalog.pages.ts';
import { registerCatalogRoutes } from './catalog.routes.ts';
import { findCategoryIdsBySize } from './category.repository.ts';

/** Issue 4: the catalogue, parametric selection, product detail and the zones. */
export const registerCatalogFeature: FeatureRegistration = (app, deps, pages) => {
  const context = createCatalogContext(deps);
  registerCatalogRoutes(app, context);
  pages.push(...catalogPages(context, deps.config.siteName));
  // A large category takes seconds to index: build them all after start, not on a buyer's first visit.
  if (deps.config.isProduction) {
    let isClosing = false;
    app.addHook('onReady', async () => {
      const started = Date.now();
      warmChooseIndexes(context, () => isClosing).then(
        () => deps.logger.info({ ms: Date.now() - started }, 'choose indexes warmed'),
        (error: unknown) => {
          if (!isClosing) deps.logger.error({ err: error }, 'warming the choose indexes failed');
        },
      );
    });
    app.addHook('onClose', async () => {
      isClosing = true;
    });
  }
};

/** Second-level categories first (the filterable lists), largest first; then the first levels. */
async function warmChooseIndexes(context: CatalogContext, isStopped: () => boolean): Promise<void> {
  const seconds = await findCategoryIdsBySize(context.db, 2);
  await context.chooseIndex.warm(seconds.map((categoryId) => ({ level: 2, categoryId })), isStopped);
  const firsts = await findCategoryIdsBySize(context.db, 1);
  await context.chooseIndex.warm(firsts.map((categoryId) => ({ level: 1, categoryId })), isStopped);
}
