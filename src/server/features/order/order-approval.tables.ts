import type { OrderApprovalDecision } from '../../../contract/order-approval.ts';

/**
 * An order held for its company's approval (decision 0029): the company and threshold as they were
 * at placement, and the decision once made. An order without a row never waited.
 */
export interface OrderApprovalsTable {
  orderId: number;
  companyId: number;
  buyerId: number;
  thresholdCents: number;
  /** Null while it waits (or after it lapsed or the buyer withdrew it: the order's state says which). */
  decision: OrderApprovalDecision | null;
  decidedBy: number | null;
  decidedAt: number | null;
  /** 驳回理由 ('' when approved or undecided). */
  reason: string;
  createdAt: number;
}

export interface OrderApprovalTables {
  orderApprovals: OrderApprovalsTable;
}
