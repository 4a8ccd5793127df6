import type { AppDeps } from '../../app-deps.ts';
import type { FeatureRegistration } from '../all-features.ts';
import { searchPage } from './search.pages.ts';
import { registerSearchRoutes } from './search.routes.ts';
import { SearchService } from './search.service.ts';

const servicesByDeps = new WeakMap<AppDeps, SearchService>();

/** The search service an app was built with (tests and benchmarks look inside the index). */
export function searchServiceOf(deps: AppDeps): SearchService | undefined {
  return servicesByDeps.get(deps);
}

/**
 * Search: suggestions, the results page, part-number lookup. Each app builds its own
 * in-memory index: on first use (tests), or right after listening (a running server).
 */
export const registerSearchFeature: FeatureRegistration = (app, deps, pages) => {
  const search = new SearchService(deps.db, deps.logger);
  servicesByDeps.set(deps, search);
  app.addHook('onListen', async () => search.keeper.start());
  app.addHook('onClose', async () => search.keeper.close());
  registerSearchRoutes(app, search);
  pages.push(searchPage(search, deps.config.siteName));
};
