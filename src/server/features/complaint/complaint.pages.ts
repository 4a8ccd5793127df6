import { complaintRequests } from '../../../contract/complaint-requests.ts';
import { isComplaintStatus } from '../../../contract/complaint.ts';
import { notFound } from '../../http/app-error.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { definePage, type Page } from '../../ssr/page-registry.ts';
import { FeedbackDetailPage } from '../../../web/pages/feedback-detail-page.tsx';
import { FeedbackPage, type FeedbackPageData } from '../../../web/pages/feedback-page.tsx';
import { listComplainableOrders, listComplaints, loadComplaintDetail } from './complaint.service.ts';

/** ?orderNo=…&lineId=… (from an order's detail) opens the form on that line; a line not offered is ignored. */
function prefillOf(query: Readonly<Record<string, string | undefined>>, orders: FeedbackPageData['orders']): FeedbackPageData['prefill'] {
  const order = orders.find((candidate) => candidate.orderNo === query.orderNo);
  if (!order) return null;
  const lineId = Number(query.lineId);
  const line = order.lines.find((candidate) => candidate.id === lineId);
  return { orderNo: order.orderNo, lineId: line ? line.id : null };
}

/** /user/feedback (the member's complaints and the new-complaint form) and /user/feedback/:id. */
export function complaintPages(deps: ServiceDeps): Page[] {
  const siteName = deps.config.siteName;
  return [
    definePage({
      path: '/user/feedback',
      entry: 'feedback',
      component: FeedbackPage,
      isMemberOnly: true,
      async load({ userId, query }) {
        if (userId === null) throw notFound();
        const status = query.status !== undefined && isComplaintStatus(query.status) ? query.status : null;
        const page = Math.min(10_000, Math.max(1, Math.floor(Number(query.page)) || 1));
        const [list, orders] = await Promise.all([listComplaints(deps.db, userId, { status, page }), listComplainableOrders(deps.db, userId)]);
        const prefill = prefillOf(query, orders);
        const data: FeedbackPageData = { list, orders, prefill, isFormOpen: prefill !== null || query.new === '1' };
        return { title: `售后投诉 - ${siteName}`, description: `${siteName}售后投诉：提交订单问题、上传凭证并跟进处理进度。`, data };
      },
    }),
    definePage({
      path: '/user/feedback/:id',
      entry: 'feedback-detail',
      component: FeedbackDetailPage,
      isMemberOnly: true,
      async load({ userId, params }) {
        const id = complaintRequests.detail.shape.id.safeParse(params.id);
        if (userId === null || !id.success) throw notFound();
        const data = await loadComplaintDetail(deps, userId, id.data);
        return { title: `投诉详情 ${data.complaintNo} - ${siteName}`, description: `${siteName}投诉${data.complaintNo}的处理记录与回复。`, data };
      },
    }),
  ];
}
