import type { z } from 'zod';
import { openOrderSchemas as o, openQuotationSchemas as q } from '../../../contract/open-api-order-requests.ts';
import { openApiSchemas as s } from '../../../contract/open-api-requests.ts';
import { openGetOrder, openListOrders, openPaySandboxOrder, openPlaceOrder, type OpenOrderCaller, type OpenOrderDeps } from './open-api-orders.service.ts';
import { openGetQuotation, openOrderQuotation, openRequestQuotation } from './open-api-quotations.service.ts';
import { openCartSchemas as c } from '../../../contract/open-api-cart-requests.ts';
import { openClearCart, openDeleteCartLine, openGetCart, openOrderCart, openPutCartLines } from './open-api-cart.service.ts';
import { openBatchLookup, openBomMatch, openLookup, openPrice, openProductDetail, openSearch, openStock, type OpenApiDeps } from './open-api.service.ts';

type AnyObject = z.ZodObject;

/** What every route is given: the catalogue's deps and the order endpoints' (payment providers). */
export type OpenRouteDeps = OpenApiDeps & OpenOrderDeps;

/** The document's groups of operations. */
export const openApiTags = {
  products: { name: '商品数据', description: '搜索、详情、价格、库存、批量查询与 BOM 匹配' },
  orders: { name: '订单', description: '下单（需 Idempotency-Key）、查询订单、付款状态与发货包裹；沙箱密钥的订单仅用于测试' },
  cart: { name: '购物车', description: '每个 API 密钥自己的购物车：放入、修改、删除商品（按阶梯价计价，含库存与交期），整车下单（需 Idempotency-Key）' },
  quotations: { name: '询价', description: '提交询价单，查询客服的报价，按报价下单（仅正式密钥）' },
} as const;

/** One /open/v1 route: what it validates, what it answers, how the document describes it. */
export interface OpenRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
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
  /** The document's group; products when absent. */
  tag?: keyof typeof openApiTags;
  /** Statuses besides the common ones, with what they mean (404 here replaces the product's). */
  statuses?: Record<string, string>;
  /** Requires the Idempotency-Key request header. */
  isIdempotent?: boolean;
  handle(deps: OpenRouteDeps, input: { params: unknown; query: unknown; body: unknown }, caller: OpenOrderCaller): Promise<unknown>;
}

interface TypedRoute<P extends AnyObject, Q extends AnyObject, B extends AnyObject, R extends z.ZodType> extends Omit<
  OpenRoute,
  'handle' | 'params' | 'query' | 'body' | 'response'
> {
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  handle(deps: OpenRouteDeps, input: { params: z.output<P>; query: z.output<Q>; body: z.output<B> }, caller: OpenOrderCaller): Promise<z.output<R>>;
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
  route({
    method: 'GET',
    path: '/orders',
    operationId: 'listOrders',
    summary: '订单列表',
    description: '密钥所属会员的订单，新下的在前，每页20条；可按状态、下单日期和采购订单号筛选。沙箱密钥只列出沙箱订单，正式密钥只列出正式订单。',
    query: o.listQuery,
    response: o.listResponse,
    hasNotFound: false,
    tag: 'orders',
    handle: (deps, { query }, caller) => openListOrders(deps, caller, query),
  }),
  route({
    method: 'POST',
    path: '/orders',
    operationId: 'placeOrder',
    summary: '下单',
    description:
      '按商品ID或型号下单，按当前阶梯价计价，不使用优惠券；每行须有足够现货、不少于最小起订量且为包装数量的整数倍，否则整单不下。须带 Idempotency-Key 请求头：同一个键与相同的请求体在24小时内返回同一结果（只下一个订单），同一个键与不同的请求体返回 409。返回订单与付款方式（收银台地址、对公转账信息）。沙箱密钥下的订单不占用库存、不发货，可用模拟支付付款。',
    body: o.placeBody,
    response: o.placeResponse,
    hasNotFound: true,
    tag: 'orders',
    isIdempotent: true,
    statuses: {
      '404': '收货地址或发票信息不存在（order.addressNotFound 等）',
      '409':
        '库存不足（order.outOfStock）、金额与 expectedPayableCents 不符（order.totalChanged），或 Idempotency-Key 已用于另一个请求体（openOrder.idempotencyKeyReused）',
    },
    handle: (deps, { body }, caller) => openPlaceOrder(deps, caller, body),
  }),
  route({
    method: 'GET',
    path: '/orders/{orderNo}',
    operationId: 'getOrder',
    summary: '订单详情',
    description:
      '订单状态、订单行（含客户料号）、金额（分）、付款状态和发货包裹（承运商、快递单号）。其他会员的订单、或另一类密钥（沙箱/正式）的订单返回 404。',
    params: o.orderParams,
    response: o.orderResponse,
    hasNotFound: true,
    tag: 'orders',
    statuses: { '404': '订单不存在' },
    handle: (deps, { params }, caller) => openGetOrder(deps, caller, params.orderNo),
  }),
  route({
    method: 'POST',
    path: '/orders/{orderNo}/sandbox-pay',
    operationId: 'paySandboxOrder',
    summary: '沙箱订单模拟支付',
    description: '仅限沙箱密钥：以模拟支付付清自己的待付款沙箱订单，不产生真实扣款；订单变为待发货（沙箱订单不会发货）。正式密钥调用返回 404。',
    params: o.orderParams,
    response: o.payResponse,
    hasNotFound: true,
    tag: 'orders',
    statuses: { '404': '订单不存在，或不是沙箱订单', '409': '订单当前状态不可支付（order.notPayable）' },
    handle: (deps, { params }, caller) => openPaySandboxOrder(deps, caller, params.orderNo),
  }),
  route({
    method: 'POST',
    path: '/quotations',
    operationId: 'requestQuotation',
    summary: '提交询价',
    description:
      '与会员中心的询价相同：客服在1个工作日内报价，报价后用 GET /open/v1/quotations/{quotationId} 查询，在会员中心接受并下单。每位会员每小时提交次数有上限（超出时 429 quotation.tooFrequent）。沙箱密钥不能询价（403）。',
    body: q.requestBody,
    response: q.response,
    hasNotFound: false,
    tag: 'quotations',
    statuses: { '403': '沙箱密钥不能询价（openOrder.sandboxQuotation），或账号已停用' },
    handle: (deps, { body }, caller) => openRequestQuotation(deps, caller, body),
  }),
  route({
    method: 'GET',
    path: '/quotations/{quotationId}',
    operationId: 'getQuotation',
    summary: '询价单与报价',
    description: '询价单的状态与每行的报价（单价、数量、交期）；未报价的行 offer 为 null。其他会员的询价单返回 404。',
    params: q.params,
    response: q.response,
    hasNotFound: true,
    tag: 'quotations',
    statuses: { '404': '询价单不存在' },
    handle: (deps, { params }, caller) => openGetQuotation(deps, caller, params.quotationId),
  }),
  route({
    method: 'POST',
    path: '/quotations/{quotationId}/order',
    operationId: 'orderQuotation',
    summary: '按报价下单',
    description:
      '在报价有效期内按报价单价下单（与会员中心“接受报价并下单”相同）：已报价的先接受，再以报价的商品、数量和单价下单，缺货的部分等待到货一起发；报价单随即变为已下单。须带 Idempotency-Key 请求头（规则同 POST /open/v1/orders）。过期、已下单或已关闭的报价返回 409；沙箱密钥返回 403。',
    params: q.params,
    body: c.orderBody,
    response: o.placeResponse,
    hasNotFound: true,
    tag: 'quotations',
    isIdempotent: true,
    statuses: {
      '403': '沙箱密钥不能按报价下单（openOrder.sandboxQuotation），或账号已停用',
      '404': '询价单不存在，或收货地址、发票信息不存在',
      '409':
        '报价不可下单：未报价、已过期、已下单或已关闭（quotation.*）；金额与 expectedPayableCents 不符（order.totalChanged）；或 Idempotency-Key 已用于另一个请求（openOrder.idempotencyKeyReused）',
    },
    handle: (deps, { params, body }, caller) => openOrderQuotation(deps, caller, params.quotationId, body),
  }),
  route({
    method: 'GET',
    path: '/cart',
    operationId: 'getCart',
    summary: '查看购物车',
    description:
      '本密钥的购物车：每行的商品、数量、客户料号、所在阶梯的单价与小计、库存与交期，以及能否下单和原因。每个密钥一个购物车，与网站上会员的购物车、其他密钥的购物车互不影响；沙箱密钥的购物车也是它自己的。',
    response: c.response,
    hasNotFound: false,
    tag: 'cart',
    handle: (deps, _input, caller) => openGetCart(deps, caller),
  }),
  route({
    method: 'PUT',
    path: '/cart/lines',
    operationId: 'putCartLines',
    summary: '放入或修改购物车商品',
    description:
      '按商品ID或型号放入商品：购物车中已有的商品，数量和客户料号替换为本次的值；未提到的行不变。一次最多200行，购物车最多200种商品（超出返回 400 openOrder.cartFull，整批不写入）。返回整个购物车。',
    body: c.putBody,
    response: c.response,
    hasNotFound: true,
    tag: 'cart',
    statuses: { '404': '商品ID不存在（openApi.notFound），field 指出是哪一行' },
    handle: (deps, { body }, caller) => openPutCartLines(deps, caller, body),
  }),
  route({
    method: 'DELETE',
    path: '/cart/lines/{productId}',
    operationId: 'deleteCartLine',
    summary: '删除购物车中的一个商品',
    description: '从购物车删除该商品的行，返回整个购物车；购物车中没有该商品时返回 404。',
    params: c.lineParams,
    response: c.response,
    hasNotFound: true,
    tag: 'cart',
    statuses: { '404': '购物车中没有该商品（openOrder.cartLineNotFound）' },
    handle: (deps, { params }, caller) => openDeleteCartLine(deps, caller, params.productId),
  }),
  route({
    method: 'DELETE',
    path: '/cart',
    operationId: 'clearCart',
    summary: '清空购物车',
    description: '删除购物车中的所有商品，返回空的购物车。',
    response: c.response,
    hasNotFound: false,
    tag: 'cart',
    handle: (deps, _input, caller) => openClearCart(deps, caller),
  }),
  route({
    method: 'POST',
    path: '/cart/order',
    operationId: 'orderCart',
    summary: '购物车下单',
    description:
      '把购物车中的全部商品下单，规则与 POST /open/v1/orders 相同：按当前阶梯价计价，每行须有足够现货、不少于最小起订量且为包装数量的整数倍，否则整单不下（购物车不变）。下单成功后这些商品移出购物车。须带 Idempotency-Key 请求头：同一个键与相同的请求体在24小时内返回同一结果。',
    body: c.orderBody,
    response: o.placeResponse,
    hasNotFound: true,
    tag: 'cart',
    isIdempotent: true,
    statuses: {
      '404': '收货地址或发票信息不存在（order.addressNotFound 等）',
      '409':
        '购物车是空的（openOrder.cartEmpty）、库存不足（order.outOfStock）、金额与 expectedPayableCents 不符（order.totalChanged），或 Idempotency-Key 已用于另一个请求（openOrder.idempotencyKeyReused）',
    },
    handle: (deps, { body }, caller) => openOrderCart(deps, caller, body),
  }),
];

/** Fastify's form of a path: /products/:productId. */
export function fastifyPathOf(openPath: string): string {
  return openApiBase + openPath.replace(/\{(\w+)\}/g, ':$1');
}
