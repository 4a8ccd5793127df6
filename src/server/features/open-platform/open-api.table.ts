import type { z } from 'zod';
import { openApiSchemas as s } from '../../../contract/open-api-requests.ts';
import { openBatchLookup, openBomMatch, openLookup, openPrice, openProductDetail, openSearch, openStock, type OpenApiDeps } from './open-api.service.ts';

type AnyObject = z.ZodObject;

/** One /open/v1 route: what it validates, what it answers, how the document describes it. */
export interface OpenRoute {
  method: 'GET' | 'POST';
  /** Under /open/v1, in OpenAPI's form: /products/{productId}. */
  path: string;
  operationId: string;
  summary: string;
  description: string;
  params?: AnyObject;
  query?: AnyObject;
  body?: AnyObject;
  response: z.ZodType;
  /** Answers 404 openApi.notFound for an unknown product. */
  hasNotFound: boolean;
  handle(deps: OpenApiDeps, input: { params: unknown; query: unknown; body: unknown }): Promise<unknown>;
}

interface TypedRoute<P extends AnyObject, Q extends AnyObject, B extends AnyObject, R extends z.ZodType> extends Omit<
  OpenRoute,
  'handle' | 'params' | 'query' | 'body' | 'response'
> {
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  handle(deps: OpenApiDeps, input: { params: z.output<P>; query: z.output<Q>; body: z.output<B> }): Promise<z.output<R>>;
}

/** Ties each handler's input to its schemas' output and its answer to the response schema; the table then holds them alike. */
function route<P extends AnyObject, Q extends AnyObject, B extends AnyObject, R extends z.ZodType>(typed: TypedRoute<P, Q, B, R>): OpenRoute {
  return typed;
}

export const openApiBase = '/open/v1';

export const openRoutes: readonly OpenRoute[] = [
  route({
    method: 'GET',
    path: '/search',
    operationId: 'searchProducts',
    summary: '搜索商品',
    description: '与商城搜索相同的结果：型号、品牌、分类和参数关键词，每页20条。',
    query: s.searchQuery,
    response: s.searchResponse,
    hasNotFound: false,
    handle: (deps, { query }) => openSearch(deps, query),
  }),
  route({
    method: 'GET',
    path: '/products/lookup',
    operationId: 'lookupProduct',
    summary: '按型号查询商品',
    description: '按制造商型号精确查询；不同品牌可能有同一型号，故返回列表。找不到时 items 为空数组。',
    query: s.lookupQuery,
    response: s.lookupResponse,
    hasNotFound: false,
    handle: (deps, { query }) => openLookup(deps, query.partNumber),
  }),
  route({
    method: 'POST',
    path: '/products/batch',
    operationId: 'batchLookup',
    summary: '批量按型号查询',
    description: '一次最多100个型号，按请求顺序逐一返回。',
    body: s.batchBody,
    response: s.batchResponse,
    hasNotFound: false,
    handle: (deps, { body }) => openBatchLookup(deps, body.partNumbers),
  }),
  route({
    method: 'GET',
    path: '/products/{productId}',
    operationId: 'getProduct',
    summary: '商品详情',
    description: '商品的型号、品牌、封装、库存、阶梯价和规格参数。',
    params: s.productParams,
    response: s.productResponse,
    hasNotFound: true,
    handle: (deps, { params }) => openProductDetail(deps, params.productId),
  }),
  route({
    method: 'GET',
    path: '/products/{productId}/price',
    operationId: 'getPrice',
    summary: '指定数量的价格',
    description: '按购物车的阶梯价规则计算：取数量所在阶梯的单价，乘以数量后四舍五入到分。',
    params: s.productParams,
    query: s.priceQuery,
    response: s.priceResponse,
    hasNotFound: true,
    handle: (deps, { params, query }) => openPrice(deps, params.productId, query.quantity),
  }),
  route({
    method: 'GET',
    path: '/products/{productId}/stock',
    operationId: 'getStock',
    summary: '库存',
    description: '商品当前的现货库存和最小包装数量。',
    params: s.productParams,
    response: s.stockResponse,
    hasNotFound: true,
    handle: (deps, { params }) => openStock(deps, params.productId),
  }),
  route({
    method: 'POST',
    path: '/bom/match',
    operationId: 'matchBom',
    summary: 'BOM 匹配',
    description: '与 BOM 配单工具相同的匹配：按型号、描述、封装和品牌为每行找候选商品，并按整包规则给出下单数量和小计。一次最多500行。',
    body: s.bomBody,
    response: s.bomResponse,
    hasNotFound: false,
    handle: (deps, { body }) => openBomMatch(deps, body.lines),
  }),
];

/** Fastify's form of a path: /products/:productId. */
export function fastifyPathOf(openPath: string): string {
  return openApiBase + openPath.replace(/\{(\w+)\}/g, ':$1');
}
