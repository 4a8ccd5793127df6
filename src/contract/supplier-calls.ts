import type { SupplierApplicationSummary, SupplierProgressResponse } from './supplier.ts';
import type { supplierRequests } from './supplier-requests.ts';
import { memberCall, publicCall } from './call.ts';

type Requests = typeof supplierRequests;

/** /serve/api/supplier/…: applying needs an account (the documents are the member's uploads); the progress lookup does not. */
export const supplierCalls = {
  /** The application, 待审核; the phone's SMS code (SendMsgType.supplier) is spent. */
  apply: memberCall<Requests['apply'], SupplierApplicationSummary>('/serve/api/supplier/apply'),
  /** The phone's applications, newest first; the SMS code is spent. */
  progress: publicCall<Requests['progress'], SupplierProgressResponse>('/serve/api/supplier/progress'),
};
