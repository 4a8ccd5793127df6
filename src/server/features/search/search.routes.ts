import type { FastifyInstance } from 'fastify';
import { searchErrors } from '../../../contract/search.ts';
import { searchCalls } from '../../../contract/search-calls.ts';
import { searchRequests } from '../../../contract/search-requests.ts';
import { registerCalls } from '../../http/api-route.ts';
import { AppError } from '../../http/app-error.ts';
import type { SearchService } from './search.service.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { isMissToCount, recordSearchMiss } from './search-misses.service.ts';

export function registerSearchRoutes(app: FastifyInstance, search: SearchService, deps: Pick<ServiceDeps, 'db' | 'logger'>) {
  registerCalls(
    app,
    searchCalls,
    searchRequests,
    {
      searchAssociateWord: ({ body }) => search.suggest(body.key),
      searchProductList: async ({ body }) => {
        if (!body.key.trim()) throw new AppError(searchErrors.keyMissing);
        const result = await search.search({
          key: body.key,
          categoryId: body.categoryId ?? null,
          brandId: body.brandId ?? null,
          package: body.package,
          isInStock: body.stock === 1,
          sort: body.sort,
          page: body.page,
        });
        if (isMissToCount(result)) await recordSearchMiss(deps, result.params.key);
        return result;
      },
      searchFactoryCodeProduct: ({ body }) => search.findByFactoryCode(body.code),
    },
    // Suggestions come a keystroke at a time and are the same for every visitor and member.
    { sameForEveryone: ['searchAssociateWord'] },
  );
}
