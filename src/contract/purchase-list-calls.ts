import type {
  PurchaseListAddLinesResult,
  PurchaseListCreated,
  PurchaseListDetail,
  PurchaseListsData,
  PurchaseListSummary,
  ReorderResult,
} from './purchase-list.ts';
import type { purchaseListRequests } from './purchase-list-requests.ts';
import { memberCall } from './call.ts';

type Requests = typeof purchaseListRequests;

/** /user/api/purchaseList/…: members only; another member's list answers purchaseList.notFound. */
export const purchaseListCalls = {
  list: memberCall<Requests['list'], PurchaseListsData>('/user/api/purchaseList/list'),
  /** A new list from the cart's ticked lines, an order's lines, a saved BOM's chosen parts, or empty. */
  create: memberCall<Requests['create'], PurchaseListCreated>('/user/api/purchaseList/create'),
  rename: memberCall<Requests['rename'], PurchaseListSummary>('/user/api/purchaseList/rename'),
  remove: memberCall<Requests['remove'], PurchaseListsData>('/user/api/purchaseList/remove'),
  detail: memberCall<Requests['detail'], PurchaseListDetail>('/user/api/purchaseList/detail'),
  updateLine: memberCall<Requests['updateLine'], PurchaseListDetail>('/user/api/purchaseList/updateLine'),
  removeLines: memberCall<Requests['removeLines'], PurchaseListDetail>('/user/api/purchaseList/removeLines'),
  /** 加入购物车: the chosen lines (all without lineIds) at their quantities, raised to the minimum and whole packs. */
  addToCart: memberCall<Requests['addToCart'], ReorderResult>('/user/api/purchaseList/addToCart'),
  addLines: memberCall<Requests['addLines'], PurchaseListAddLinesResult>('/user/api/purchaseList/addLines'),
};
