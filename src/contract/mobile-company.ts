import { companyOrdersPath, type CompanyOrdersData, type CompanyRole } from './company-account.ts';
import { companyStatementsPath, type CompanyStatementsPageData } from './company-credit.ts';
import type { CompanyOrderFilter } from './order-approval.ts';

/**
 * The company on a phone (issue 28): 公司订单 with 批准/驳回 for an approver away from the desk, and
 * 对账单 for 财务. Same data and calls as the desktop pages (company-account.ts, company-credit.ts),
 * under the mobile prefix; `basePath` keeps the links on the mobile site.
 */
export function mobileCompanyPaths(basePath: string) {
  return {
    orders: `${basePath}${companyOrdersPath}`,
    statements: `${basePath}${companyStatementsPath}`,
  };
}

/** /m/user/company/orders?filter=awaitingApproval&page=2 (the first page of 全部 without a query). */
export function mobileCompanyOrdersHref(basePath: string, filter: CompanyOrderFilter, page = 1): string {
  const query = [filter === 'all' ? '' : `filter=${filter}`, page > 1 ? `page=${String(page)}` : ''].filter(Boolean).join('&');
  return `${mobileCompanyPaths(basePath).orders}${query ? `?${query}` : ''}`;
}

export type MobileCompanyOrdersData = CompanyOrdersData & { basePath: string };

export type MobileCompanyStatementsData = CompanyStatementsPageData & { basePath: string };

/** 我的's 企业 entry: the member's company and what their role opens on the phone (null without a company). */
export interface MobileCompanyEntry {
  companyName: string;
  role: CompanyRole;
  /** 公司订单 (管理员, 审批, 财务). */
  canSeeOrders: boolean;
  /** 批准/驳回 (管理员, 审批). */
  canApprove: boolean;
  /** Orders waiting for approval now; 0 for a role that may not approve. */
  awaitingCount: number;
  /** 对账单 (管理员, 财务). */
  canSeeStatements: boolean;
}
