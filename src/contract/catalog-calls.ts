import type { QueryAttrbuteExcludeListResponse, QueryAttrbuteProductListResponse } from './catalog.ts';
import type { catalogRequests } from './catalog-requests.ts';
import { publicCall } from './call.ts';

type Requests = typeof catalogRequests;

/** Parametric selection (spec §7): the names keep the spec's spelling, queryAttrbute. */
export const catalogCalls = {
  queryAttrbuteExcludeList: publicCall<Requests['queryAttrbuteExcludeList'], QueryAttrbuteExcludeListResponse>('/product/api/queryAttrbuteExcludeList'),
  queryAttrbuteProductList: publicCall<Requests['queryAttrbuteProductList'], QueryAttrbuteProductListResponse>('/product/api/queryAttrbuteProductList'),
};
