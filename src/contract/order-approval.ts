// Shared by server and browser; zod-free (schemas: order-approval-requests.ts).
import { defineErrors } from './errors.ts';
import { ResultCode } from './envelope.ts';

/**
 * Company approval of orders (issue 28, decision 0029): a company 管理员 sets an approval threshold
 * (审批金额); an order a 采购 places with a payable above it is 待审批 until a member whose role may
 * approve (审批, 管理员) 批准 it (→ 待付款, with a fresh payment window) or 驳回 it with a reason
 * (→ 已取消). It holds its stock for the payment window meanwhile and lapses like an unpaid order.
 */
export const orderApprovalDecisions = ['approved', 'rejected'] as const;
export type OrderApprovalDecision = (typeof orderApprovalDecisions)[number];

export const approvalReasonMax = 200;

/** Where the approval stands, as the order detail shows it. */
export type OrderApprovalState = 'waiting' | 'approved' | 'rejected' | 'lapsed';

export const orderApprovalStateLabels: Record<OrderApprovalState, string> = {
  waiting: '待审批',
  approved: '已批准',
  rejected: '已驳回',
  lapsed: '未审批（订单已取消）',
};

/** The order detail's 企业审批 block: who must approve, or who decided. */
export interface OrderApprovalView {
  state: OrderApprovalState;
  stateLabel: string;
  companyName: string;
  thresholdCents: number;
  /** The members who may approve it now (审批, 管理员); while it waits. */
  approverNames: string[];
  decidedByName: string;
  decidedAtStr: string;
  reason: string;
}

export const orderApprovalMessages = {
  approved: '已批准，采购可在支付期限内付款',
  rejected: '已驳回，订单已取消',
  reasonMissing: '请填写驳回理由',
  reasonTooLong: `驳回理由不能超过${String(approvalReasonMax)}个字`,
} as const;

export const orderApprovalErrors = defineErrors('orderApproval', {
  /** Not an order of the approver's company, or not held for approval at all. */
  notFound: { code: ResultCode.notFound, msg: '该订单不在本企业的审批中，请刷新页面' },
});

/** Filters of /user/company/orders: every order, or those waiting for approval (the approvers' tab). */
export const companyOrderFilters = ['all', 'awaitingApproval'] as const;
export type CompanyOrderFilter = (typeof companyOrderFilters)[number];
