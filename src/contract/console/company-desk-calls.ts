import { staffCall } from '../staff-calls.ts';
import type { CompanyDeskDetail, CompanyDeskList } from './company-desk.ts';
import type { companyDeskRequests } from './company-desk-requests.ts';

type Requests = typeof companyDeskRequests;
const readCredit = { action: 'read', subject: 'CompanyCredit' } as const;
const updateCredit = { action: 'update', subject: 'CompanyCredit' } as const;

/** /admin/api/companies/…: 企业月结; every change audited. */
export const companyDeskCalls = {
  list: staffCall<Requests['list'], CompanyDeskList>('/admin/api/companies/list', readCredit),
  detail: staffCall<Requests['detail'], CompanyDeskDetail>('/admin/api/companies/detail', readCredit),
  grant: staffCall<Requests['grant'], CompanyDeskDetail>('/admin/api/companies/grant', updateCredit),
  withdraw: staffCall<Requests['withdraw'], CompanyDeskDetail>('/admin/api/companies/withdraw', updateCredit),
  settle: staffCall<Requests['settle'], CompanyDeskDetail>('/admin/api/companies/settle', updateCredit),
};
