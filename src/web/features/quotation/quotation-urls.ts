import { quotationPaths, type QuotationStatus } from '../../../contract/quotation.ts';

/** /user/quotation with the list's tab and page in the URL (page 1 and 全部 left out). */
export function quotationListUrl({ status, page = 1 }: { status: QuotationStatus | null; page?: number }): string {
  const query = new URLSearchParams();
  if (status) query.set('status', status);
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return text ? `${quotationPaths.list}?${text}` : quotationPaths.list;
}
