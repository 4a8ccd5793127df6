import { memberCall } from './call.ts';
import type { CompanyCreditView, CompanyStatementsPageData } from './company-credit.ts';
import type { companyCreditRequests } from './company-credit-requests.ts';

type Requests = typeof companyCreditRequests;

/** /user/api/company/credit/…: a company's 月结 and 对账单, for its 管理员 and 财务 (others get nothing to see). */
export const companyCreditCalls = {
  statements: memberCall<Requests['statements'], CompanyStatementsPageData>('/user/api/company/credit/statements'),
  /** The company page's 月结 box: null for other roles and companies without 月结. */
  credit: memberCall<Requests['credit'], CompanyCreditView | null>('/user/api/company/credit/summary'),
};
