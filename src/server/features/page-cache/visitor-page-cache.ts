import type { FastifyRequest } from 'fastify';
import type { FeatureDeps } from '../feature-registration.ts';
import { mobilePathPrefix } from '../mobile/mobile-link.service.ts';
import { createPageChanges } from './page-cache-changes.ts';
import { cacheablePagesOf } from './page-cache.rules.ts';
import { createPageCache, type PageCache } from './page-cache.service.ts';

/** The app's page cache: the pages of page-cache.rules.ts, dropped on the database's change signals. */
export function createVisitorPageCache(
  deps: Pick<FeatureDeps, 'database' | 'cacheVersions' | 'config' | 'logger'>,
  shell: { originOf: (request: FastifyRequest) => string; visitorVariantOf: (request: FastifyRequest) => Promise<string> },
): PageCache {
  return createPageCache({
    pages: cacheablePagesOf(mobilePathPrefix(deps.config.mobileSite)),
    changes: createPageChanges(deps.database, deps.cacheVersions, { logger: deps.logger }),
    visitorVariantOf: shell.visitorVariantOf,
    originOf: shell.originOf,
  });
}
