import type { QuotationAcceptResponse, QuotationDetail, QuotationListData } from './quotation.ts';
import type { quotationRequests } from './quotation-requests.ts';
import { memberCall } from './call.ts';

type QuotationRequests = typeof quotationRequests;

/** /user/api/quotation/…: the member's quotation requests and offers (members only). */
export const quotationCalls = {
  /** BOM lines (or any part lines) sent for a quotation: the new request (待报价). */
  request: memberCall<QuotationRequests['request'], { quotationId: number }>('/user/api/quotation/request'),
  /** A page of the member's quotations, newest first, each with its lines, and the count of each status. */
  list: memberCall<QuotationRequests['list'], QuotationListData>('/user/api/quotation/list'),
  /** Another member's quotation answers quotation.notFound. */
  detail: memberCall<QuotationRequests['detail'], QuotationDetail>('/user/api/quotation/detail'),
  /** A quoted, still valid offer becomes accepted; the browser goes on to settlementUrl. */
  accept: memberCall<QuotationRequests['accept'], QuotationAcceptResponse>('/user/api/quotation/accept'),
  /** The member withdraws a request or an offer not yet ordered: the quotation after it. */
  cancel: memberCall<QuotationRequests['cancel'], QuotationDetail>('/user/api/quotation/cancel'),
};
