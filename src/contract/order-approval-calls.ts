import type { CompanyOrdersData } from './company-account.ts';
import { memberCall } from './call.ts';
import type { orderApprovalRequests } from './order-approval-requests.ts';

type Requests = typeof orderApprovalRequests;

/**
 * /user/api/company/orders/…: 批准 and 驳回 an order waiting for the company's approval, by a member
 * whose role may approve (company-account-permissions.ts). Each answers 公司订单 as it is now.
 */
export const orderApprovalCalls = {
  approve: memberCall<Requests['approve'], CompanyOrdersData>('/user/api/company/orders/approve'),
  reject: memberCall<Requests['reject'], CompanyOrdersData>('/user/api/company/orders/reject'),
};
