import type { SearchAssociateWordResponse, SearchFactoryCodeProductResponse, SearchProductListResponse } from './search.ts';
import type { searchRequests } from './search-requests.ts';
import { publicCall } from './call.ts';

type Requests = typeof searchRequests;

/** Search (spec §7): suggestions, the results as JSON, lookup by manufacturer code. */
export const searchCalls = {
  searchAssociateWord: publicCall<Requests['searchAssociateWord'], SearchAssociateWordResponse>('/product/api/searchAssociateWord'),
  searchProductList: publicCall<Requests['searchProductList'], SearchProductListResponse>('/product/api/searchProductList'),
  searchFactoryCodeProduct: publicCall<Requests['searchFactoryCodeProduct'], SearchFactoryCodeProductResponse>('/product/api/searchFactoryCodeProduct'),
};
