import type { ComplaintDetail, ComplaintListData } from './complaint.ts';
import type { complaintRequests } from './complaint-requests.ts';
import { memberCall } from './call.ts';

type ComplaintRequests = typeof complaintRequests;

/** /user/api/complaint/…: the member's after-sales complaints (members only). */
export const complaintCalls = {
  /** The new complaint (待处理). */
  create: memberCall<ComplaintRequests['create'], ComplaintDetail>('/user/api/complaint/create'),
  /** A page of the member's complaints, newest first, with the count of each status. */
  list: memberCall<ComplaintRequests['list'], ComplaintListData>('/user/api/complaint/list'),
  /** Another member's complaint answers complaint.notFound. */
  detail: memberCall<ComplaintRequests['detail'], ComplaintDetail>('/user/api/complaint/detail'),
  /** The member adds information to an open complaint: the complaint after it. */
  reply: memberCall<ComplaintRequests['reply'], ComplaintDetail>('/user/api/complaint/reply'),
  /** The member withdraws a complaint before sending anything back (撤销: 已关闭). */
  close: memberCall<ComplaintRequests['close'], ComplaintDetail>('/user/api/complaint/close'),
  /** The member sent the authorised return back: carrier and tracking number (退货中). */
  shipReturn: memberCall<ComplaintRequests['shipReturn'], ComplaintDetail>('/user/api/complaint/shipReturn'),
  /** The problem came back after it was settled (重新处理, within the after-sales window). */
  reopen: memberCall<ComplaintRequests['reopen'], ComplaintDetail>('/user/api/complaint/reopen'),
};
