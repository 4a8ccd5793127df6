import type { FastifyInstance } from 'fastify';
import { queryAttrbuteExcludeListRequest, queryAttrbuteProductListRequest } from '../../../contract/catalog.ts';
import { apiRoute } from '../../http/api-route.ts';
import type { CatalogContext } from './catalog-context.ts';
import { queryAttributeExcludeList, queryAttributeProductList } from './choose.service.ts';

/** The parametric selection calls of spec §7 (the names keep the spec's spelling). */
export function registerCatalogRoutes(app: FastifyInstance, context: CatalogContext) {
  apiRoute(app, {
    path: '/product/api/queryAttrbuteProductList',
    body: queryAttrbuteProductListRequest,
    handle: ({ body }) => queryAttributeProductList(context, body),
  });
  apiRoute(app, {
    path: '/product/api/queryAttrbuteExcludeList',
    body: queryAttrbuteExcludeListRequest,
    handle: ({ body }) => queryAttributeExcludeList(context, body),
  });
}
