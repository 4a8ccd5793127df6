import type { BomAddToCartResult, BomListData, BomMatchResult, BomSheet, SavedBom } from './bom.ts';
import type { bomRequests } from './bom-requests.ts';
import { memberCall, publicCall } from './call.ts';

type BomRequests = typeof bomRequests;

/**
 * /bom/api/…: the BOM tool. Visitors parse and match; saving and adding to the cart are members'.
 * The file upload is multipart at bomUploadPath (bom.ts), outside this table.
 */
export const bomCalls = {
  /** Pasted text (from Excel: tabs; or "STM32F103C8T6 10" lines) read as a sheet. */
  parseText: publicCall<BomRequests['parseText'], BomSheet>('/bom/api/parseText'),
  /** Every line matched, priced and with its candidates; quantities from the options. */
  match: publicCall<BomRequests['match'], BomMatchResult>('/bom/api/match'),
  save: memberCall<BomRequests['save'], { bomId: number }>('/bom/api/save'),
  list: memberCall<BomRequests['list'], BomListData>('/bom/api/list'),
  /** Another member's BOM answers bom.notFound. */
  detail: memberCall<BomRequests['detail'], SavedBom>('/bom/api/detail'),
  delete: memberCall<BomRequests['delete'], null>('/bom/api/delete'),
  /** The chosen lines into the cart in one step; what could not be added is listed with the reason. */
  addToCart: memberCall<BomRequests['addToCart'], BomAddToCartResult>('/bom/api/addToCart'),
};
