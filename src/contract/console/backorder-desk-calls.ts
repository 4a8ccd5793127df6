import { staffCall } from '../staff-calls.ts';
import type { AdminOrderDetail } from './orders.ts';
import type { adminBackOrderRequests } from './backorder-desk-requests.ts';

type Requests = typeof adminBackOrderRequests;

/** The supply side's permission (仓储, 商品管理, 管理员): they know when the factory delivers and what arrived. */
const supply = { action: 'update', subject: 'Stock' } as const;

/**
 * /admin/api/orders/backorder/…: an order's waiting lines at the order desk (decision 0031). Every move
 * of a date tells the buyer; arrived units are given to every order waiting for the part, oldest first.
 */
export const adminBackOrderCalls = {
  moveDate: staffCall<Requests['moveDate'], AdminOrderDetail>('/admin/api/orders/backorder/moveDate', supply),
  receiveStock: staffCall<Requests['receiveStock'], AdminOrderDetail>('/admin/api/orders/backorder/receiveStock', supply),
};
