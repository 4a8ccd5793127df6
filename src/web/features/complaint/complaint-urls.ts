import { complaintPaths, type ComplaintStatus } from '../../../contract/complaint.ts';

/** /user/feedback with the list's tab and page in the URL (page 1 and 全部 left out). */
export function feedbackListUrl({ status, page = 1 }: { status: ComplaintStatus | null; page?: number }): string {
  const query = new URLSearchParams();
  if (status) query.set('status', status);
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return text ? `${complaintPaths.list}?${text}` : complaintPaths.list;
}
