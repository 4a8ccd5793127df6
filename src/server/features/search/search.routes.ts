import type { FastifyInstance } from 'fastify';
import {
  searchAssociateWordRequest,
  searchFactoryCodeProductRequest,
  searchProductListRequest,
  type SearchAssociateWordResponse,
  type SearchFactoryCodeProductResponse,
  type SearchProductListResponse,
} from '../../../contract/search.ts';
import { apiRoute } from '../../http/api-route.ts';
import { badRequest } from '../../http/app-error.ts';
import type { SearchService } from './search.service.ts';

export function registerSearchRoutes(app: FastifyInstance, search: SearchService) {
  apiRoute(app, {
    path: '/product/api/searchAssociateWord',
    body: searchAssociateWordRequest,
    async handle({ body }): Promise<SearchAssociateWordResponse> {
      return search.suggest(body.key);
    },
  });

  apiRoute(app, {
    path: '/product/api/searchProductList',
    body: searchProductListRequest,
    async handle({ body }): Promise<SearchProductListResponse> {
      if (!body.key.trim()) throw badRequest('请输入搜索关键词');
      return search.search({
        key: body.key,
        categoryId: body.categoryId ?? null,
        brandId: body.brandId ?? null,
        package: body.package?.trim() || null,
        isInStock: body.stock === 1,
        sort: body.sort,
        page: body.page,
      });
    },
  });

  apiRoute(app, {
    path: '/product/api/searchFactoryCodeProduct',
    body: searchFactoryCodeProductRequest,
    async handle({ body }): Promise<SearchFactoryCodeProductResponse> {
      return search.findByFactoryCode(body.code);
    },
  });
}
