import type { FeatureRegistration } from '../feature-registration.ts';
import { searchPage } from './search.pages.ts';
import { registerSearchRoutes } from './search.routes.ts';
import type { SearchService } from './search.service.ts';
import { registerSearchIndexMetrics } from './search-index.metrics.ts';

/**
 * Search: suggestions, the results page, part-number lookup. Each app builds its own
 * in-memory index: on first use (tests), or right after listening (a running server).
 * A benchmark passes its own service in, to look inside the index the app answers from.
 */
export function searchFeatureWith(service?: SearchService): FeatureRegistration {
  return (app, deps, pages) => {
    const search = service ?? deps.search;
    app.addHook('onListen', async () => search.keeper.start());
    app.addHook('onClose', async () => search.keeper.close());
    deps.ops.readiness.register('searchIndex', () => ({ ok: search.keeper.isReady, detail: search.keeper.isReady ? 'built' : 'building' }));
    registerSearchIndexMetrics(deps.ops.metrics.registry, search.keeper);
    registerSearchRoutes(app, search, deps);
    pages.push(searchPage(search, deps.config.siteName, deps));
  };
}

export const registerSearchFeature = searchFeatureWith();
