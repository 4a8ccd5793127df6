import type { GridPage } from '../staff-grid.ts';
import { staffCall } from '../staff-calls.ts';
import type { AdminComplaintDetail, AdminComplaintRow, AdminOrderDetail, AdminOrderRow } from './orders.ts';
import type { adminComplaintRequests, adminOrderRequests } from './orders-requests.ts';

type OrderRequests = typeof adminOrderRequests;
type ComplaintRequests = typeof adminComplaintRequests;

const readOrder = { action: 'read', subject: 'Order' } as const;
/** 仓储 ships parcels, 财务 confirms transfers and cancels (staff-permissions.ts). */
const updateOrder = { action: 'update', subject: 'Order' } as const;
const shipOrder = { action: 'create', subject: 'Shipment' } as const;
const confirmPayment = { action: 'update', subject: 'Payment' } as const;

/** /admin/api/orders/…: 订单管理. Every change is audited and tells the member. */
export const adminOrderCalls = {
  list: staffCall<OrderRequests['list'], GridPage<AdminOrderRow>>('/admin/api/orders/list', readOrder),
  detail: staffCall<OrderRequests['detail'], AdminOrderDetail>('/admin/api/orders/detail', readOrder),
  confirmTransfer: staffCall<OrderRequests['confirmTransfer'], AdminOrderDetail>('/admin/api/orders/confirmTransfer', confirmPayment),
  ship: staffCall<OrderRequests['ship'], AdminOrderDetail>('/admin/api/orders/ship', shipOrder),
  cancel: staffCall<OrderRequests['cancel'], AdminOrderDetail>('/admin/api/orders/cancel', updateOrder),
  refund: staffCall<OrderRequests['refund'], AdminOrderDetail>('/admin/api/orders/refund', { action: 'create', subject: 'Refund' }),
  confirmOfflineRefund: staffCall<OrderRequests['confirmOfflineRefund'], AdminOrderDetail>('/admin/api/orders/confirmOfflineRefund', {
    action: 'update',
    subject: 'Refund',
  }),
  retryRefund: staffCall<OrderRequests['retryRefund'], AdminOrderDetail>('/admin/api/orders/retryRefund', { action: 'create', subject: 'Refund' }),
  recordLateTransfer: staffCall<OrderRequests['recordLateTransfer'], AdminOrderDetail>('/admin/api/orders/recordLateTransfer', confirmPayment),
  issueInvoice: staffCall<OrderRequests['issueInvoice'], AdminOrderDetail>('/admin/api/orders/issueInvoice', { action: 'create', subject: 'Invoice' }),
  reverseInvoice: staffCall<OrderRequests['reverseInvoice'], AdminOrderDetail>('/admin/api/orders/reverseInvoice', { action: 'create', subject: 'Invoice' }),
};

const readComplaint = { action: 'read', subject: 'Complaint' } as const;
const updateComplaint = { action: 'update', subject: 'Complaint' } as const;
const refundComplaint = { action: 'create', subject: 'Refund' } as const;

/** /admin/api/complaints/…: 售后服务, the events of contract/complaint-lifecycle.ts. The refund goes through the order (财务's permission). */
export const adminComplaintCalls = {
  list: staffCall<ComplaintRequests['list'], GridPage<AdminComplaintRow>>('/admin/api/complaints/list', readComplaint),
  detail: staffCall<ComplaintRequests['detail'], AdminComplaintDetail>('/admin/api/complaints/detail', readComplaint),
  reply: staffCall<ComplaintRequests['reply'], AdminComplaintDetail>('/admin/api/complaints/reply', updateComplaint),
  transition: staffCall<ComplaintRequests['transition'], AdminComplaintDetail>('/admin/api/complaints/transition', updateComplaint),
  authoriseReturn: staffCall<ComplaintRequests['authoriseReturn'], AdminComplaintDetail>('/admin/api/complaints/authoriseReturn', updateComplaint),
  receiveGoods: staffCall<ComplaintRequests['receiveGoods'], AdminComplaintDetail>('/admin/api/complaints/receiveGoods', updateComplaint),
  replace: staffCall<ComplaintRequests['replace'], AdminComplaintDetail>('/admin/api/complaints/replace', updateComplaint),
  refund: staffCall<ComplaintRequests['refund'], AdminComplaintDetail>('/admin/api/complaints/refund', refundComplaint),
};
