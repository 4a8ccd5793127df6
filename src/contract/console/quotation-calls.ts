import type { BomCandidate } from '../bom.ts';
import type { QuotationDeskDetail, QuotationDeskPage } from './quotation.ts';
import type { quotationDeskRequests } from './quotation-requests.ts';
import { staffCall } from '../staff-calls.ts';
import type { GridBulkResult } from '../staff-grid.ts';

type Requests = typeof quotationDeskRequests;
const readQuotation = { action: 'read', subject: 'Quotation' } as const;
const updateQuotation = { action: 'update', subject: 'Quotation' } as const;

/** /admin/api/quotations/…: 报价管理; sending and closing are audited. */
export const quotationDeskCalls = {
  list: staffCall<Requests['list'], QuotationDeskPage>('/admin/api/quotations/list', readQuotation),
  detail: staffCall<Requests['detail'], QuotationDeskDetail>('/admin/api/quotations/detail', readQuotation),
  /** Catalogue parts for a code staff type (a substitute for an unmatched line). */
  lookupPart: staffCall<Requests['lookupPart'], BomCandidate[]>('/admin/api/quotations/lookupPart', readQuotation),
  send: staffCall<Requests['send'], QuotationDeskDetail>('/admin/api/quotations/send', updateQuotation),
  requote: staffCall<Requests['requote'], QuotationDeskDetail>('/admin/api/quotations/requote', updateQuotation),
  close: staffCall<Requests['close'], QuotationDeskDetail>('/admin/api/quotations/close', updateQuotation),
  bulkClose: staffCall<Requests['bulkClose'], GridBulkResult>('/admin/api/quotations/bulkClose', updateQuotation),
};
