import type { FastifyInstance } from 'fastify';
import { catalogCalls } from '../../../contract/catalog-calls.ts';
import { catalogRequests } from '../../../contract/catalog-requests.ts';
import { registerCalls } from '../../http/api-route.ts';
import type { CatalogContext } from './catalog-context.ts';
import { queryAttributeExcludeList, queryAttributeProductList } from './choose/choose.service.ts';

/** The parametric selection calls of spec §7 (the names keep the spec's spelling). */
export function registerCatalogRoutes(app: FastifyInstance, context: CatalogContext) {
  registerCalls(app, catalogCalls, catalogRequests, {
    queryAttrbuteExcludeList: ({ body }) => queryAttributeExcludeList(context, body),
    queryAttrbuteProductList: ({ body }) => queryAttributeProductList(context, body),
  });
}
