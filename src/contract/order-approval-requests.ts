import { z } from 'zod';
import { approvalReasonMax, companyOrderFilters, orderApprovalMessages } from './order-approval.ts';
import { orderNoSchema } from './order-requests.ts';

/** Which page of 公司订单 the answer should show (the page's state after the decision). */
const listing = {
  filter: z.enum(companyOrderFilters).default('awaitingApproval'),
  page: z.number().int().min(1).max(10_000).default(1),
};

/** The request schemas of orderApprovalCalls. */
export const orderApprovalRequests = {
  approve: z.object({ orderNo: orderNoSchema, ...listing }),
  reject: z.object({
    orderNo: orderNoSchema,
    reason: z
      .string({ error: orderApprovalMessages.reasonMissing })
      .trim()
      .min(1, orderApprovalMessages.reasonMissing)
      .max(approvalReasonMax, orderApprovalMessages.reasonTooLong),
    ...listing,
  }),
};
