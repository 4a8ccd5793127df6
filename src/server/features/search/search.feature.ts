import type { FeatureRegistration } from '../feature-registration.ts';
import { searchPage } from './search.pages.ts';
import { registerSearchRoutes } from './search.routes.ts';
import type { SearchService } from './search.service.ts';
import { describeIndexState, registerSearchIndexMetrics } from './search-index.metrics.ts';

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
    // Never a reason to send no traffic: until the index is ready every search is answered from SQL (decision 0035).
    deps.ops.readiness.register('searchIndex', () => ({ ok: true, detail: describeIndexState(search.keeper.state()) }));
    registerSearchIndexMetrics(deps.ops.metrics.registry, search.keeper);
    registerSearchRoutes(app, search, deps);
    pages.push(searchPage(search, deps.config.siteName, deps));
  };
}

export const registerSearchFeature = searchFeatureWith();
