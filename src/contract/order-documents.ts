import { OrderStatus } from './order.ts';

/**
 * An order's documents (issue 28): the 订单确认单 (what was ordered and confirmed, paid or not) and the 形式发票
 * (pro-forma invoice: what to pay, by when and to which account), PDFs a buyer downloads from the order's page.
 * A cancelled or closed order has neither: it is no deal to confirm nor to pay.
 */

export const orderDocumentKinds = ['confirmation', 'proforma'] as const;
export type OrderDocumentKind = (typeof orderDocumentKinds)[number];

export const orderDocumentLabels: Record<OrderDocumentKind, string> = {
  confirmation: '订单确认单',
  proforma: '形式发票',
};

/** GET: the member's own order's document as a PDF (a visitor goes to the login page). */
export function orderDocumentPath(orderNo: string, kind: OrderDocumentKind): string {
  return `/order/document/${orderNo}/${kind}.pdf`;
}

/** The name the download is saved under: 订单确认单-2612011234567890.pdf. */
export function orderDocumentFileName(orderNo: string, kind: OrderDocumentKind): string {
  return `${orderDocumentLabels[kind]}-${orderNo}.pdf`;
}

/** Orders that are a deal (unpaid, or paid and not refunded in full) have documents. */
export function hasOrderDocuments(status: OrderStatus): boolean {
  return status !== OrderStatus.cancelled && status !== OrderStatus.closed;
}

/** Why a cancelled or closed order has no documents, said as the download's answer. */
export function noOrderDocumentsMessage(status: OrderStatus): string {
  return status === OrderStatus.closed ? '该订单已全额退款并关闭，不再提供订单确认单和形式发票' : '该订单已取消，不再提供订单确认单和形式发票';
}
