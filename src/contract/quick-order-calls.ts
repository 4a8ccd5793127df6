import type { QuickOrderResult } from './quick-order.ts';
import type { quickOrderRequests } from './quick-order-requests.ts';
import { memberCall } from './call.ts';

type Requests = typeof quickOrderRequests;

/** Under the cart's paths (/cart/api/…): members only. */
export const quickOrderCalls = {
  /** 快速下单: each line found by its exact part number goes into the cart through the cart's own add. */
  add: memberCall<Requests['add'], QuickOrderResult>('/cart/api/quickOrder'),
};
