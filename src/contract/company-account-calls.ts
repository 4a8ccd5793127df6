import type { CompanyPageData } from './company-account.ts';
import type { CompanyInvoicesData } from './company-invoices.ts';
import type { companyInvoiceRequests, companyRequests } from './company-account-requests.ts';
import { memberCall } from './call.ts';

type Requests = typeof companyRequests;

/**
 * /user/api/company/…: members only. Each answers the page's new state; a role that may not act
 * answers company.forbidden (403), checked on the server by company-account-permissions.ts.
 */
export const companyCalls = {
  state: memberCall<Requests['state'], CompanyPageData>('/user/api/company/state'),
  create: memberCall<Requests['create'], CompanyPageData>('/user/api/company/create'),
  update: memberCall<Requests['update'], CompanyPageData>('/user/api/company/update'),
  invite: memberCall<Requests['invite'], CompanyPageData>('/user/api/company/invite'),
  cancelInvitation: memberCall<Requests['cancelInvitation'], CompanyPageData>('/user/api/company/cancelInvitation'),
  acceptInvitation: memberCall<Requests['acceptInvitation'], CompanyPageData>('/user/api/company/acceptInvitation'),
  declineInvitation: memberCall<Requests['declineInvitation'], CompanyPageData>('/user/api/company/declineInvitation'),
  changeRole: memberCall<Requests['changeRole'], CompanyPageData>('/user/api/company/changeRole'),
  removeMember: memberCall<Requests['removeMember'], CompanyPageData>('/user/api/company/removeMember'),
  /** 退出企业: any member, the last 管理员 excepted. */
  leave: memberCall<Requests['leave'], CompanyPageData>('/user/api/company/leave'),
  /** 审批金额: the 管理员 only. */
  setApprovalThreshold: memberCall<Requests['setApprovalThreshold'], CompanyPageData>('/user/api/company/setApprovalThreshold'),
};

/**
 * /user/api/company/invoices: 公司发票, the invoices of the orders the company's members placed, for its 管理员
 * and 财务 (CompanyInvoice); another role answers company.forbidden (403), a member without a company
 * company.notInCompany. The Excel of the same filter is GET /user/company/invoices/export.
 */
export const companyInvoiceCalls = {
  list: memberCall<(typeof companyInvoiceRequests)['list'], CompanyInvoicesData>('/user/api/company/invoices'),
};
