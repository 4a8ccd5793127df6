import type { CompanyInfo, InvoiceProfile } from './invoice.ts';
import type { companyRequests, invoiceRequests } from './invoice-requests.ts';
import { memberCall } from './call.ts';

type InvoiceRequests = typeof invoiceRequests;
type CompanyRequests = typeof companyRequests;

/** /user/api/invoice/…: the member's invoice profiles (members only). */
export const invoiceCalls = {
  /** The default profile first, then the newest. */
  list: memberCall<InvoiceRequests['list'], InvoiceProfile[]>('/user/api/invoice/list'),
  /** The saved profile. */
  save: memberCall<InvoiceRequests['save'], InvoiceProfile>('/user/api/invoice/save'),
  /** The profiles after the deletion. */
  delete: memberCall<InvoiceRequests['delete'], InvoiceProfile[]>('/user/api/invoice/delete'),
};

/**
 * Spec §7 company lookups for the invoice form. Members only: the answers carry tax numbers and
 * bank accounts, so a visitor gets 401 like any member call, and each member's lookups are limited.
 */
export const companyCalls = {
  queryCompanyNameList: memberCall<CompanyRequests['queryCompanyNameList'], string[]>('/common/api/queryCompanyNameList'),
  queryCompanyInfo: memberCall<CompanyRequests['queryCompanyInfo'], CompanyInfo | null>('/common/api/queryCompanyInfo'),
};
