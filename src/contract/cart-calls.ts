import type { CartAddResponse, CartRemoveResponse, CartSummary } from './cart.ts';
import type { cartRequests } from './cart-requests.ts';
import { memberCall } from './call.ts';

type Requests = typeof cartRequests;

/** /cart/api/…: members only. */
export const cartCalls = {
  queryList: memberCall<Requests['queryList'], CartSummary>('/cart/api/queryList'),
  add: memberCall<Requests['add'], CartAddResponse>('/cart/api/add'),
  updateQuantity: memberCall<Requests['updateQuantity'], CartSummary>('/cart/api/updateQuantity'),
  updateCustomerPartNo: memberCall<Requests['updateCustomerPartNo'], CartSummary>('/cart/api/updateCustomerPartNo'),
  remove: memberCall<Requests['remove'], CartRemoveResponse>('/cart/api/remove'),
  select: memberCall<Requests['select'], CartSummary>('/cart/api/select'),
};
