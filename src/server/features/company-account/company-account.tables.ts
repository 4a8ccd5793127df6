import type { Generated } from 'kysely';
import type { CompanyRole } from '../../../contract/company-account.ts';
import type { CompanyInvitationStatus } from '../../../contract/company-invitation-lifecycle.ts';

/**
 * A company account (企业账户). 月结 (credit limit and terms) will be columns of this row, and 对账单
 * a table of their own keyed by company_id (issue 28).
 */
export interface CompaniesTable {
  id: Generated<number>;
  name: string;
  /** 统一社会信用代码, normalised (capitals): one account per code. */
  creditCode: string;
  contactName: string;
  contactPhone: string;
  /** 审批金额: a 采购's order payable above it waits for an approver (decision 0029); null: no approval. */
  approvalThresholdCents: number | null;
  createdBy: number;
  createdAt: number;
  updatedAt: number;
}

/**
 * Membership with its history: a member removed keeps the row with left_at set, so the orders they
 * placed while in the company stay the company's. One open row (left_at null) per member at most.
 */
export interface CompanyMembersTable {
  id: Generated<number>;
  companyId: number;
  userId: number;
  role: CompanyRole;
  joinedAt: number;
  leftAt: number | null;
}

/** Its lifecycle: contract/company-invitation-lifecycle.ts. */
export type { CompanyInvitationStatus };

/** An invitation to a phone number: the member with that phone (now or once registered) sees it. */
export interface CompanyInvitationsTable {
  id: Generated<number>;
  companyId: number;
  phone: string;
  role: CompanyRole;
  invitedBy: number;
  status: CompanyInvitationStatus;
  createdAt: number;
  decidedAt: number | null;
}

export interface CompanyAccountTables {
  companyAccounts: CompaniesTable;
  companyAccountMembers: CompanyMembersTable;
  companyAccountInvitations: CompanyInvitationsTable;
}
