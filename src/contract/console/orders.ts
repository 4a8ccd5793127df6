import { defineErrors } from '../errors.ts';
import { ResultCode } from '../envelope.ts';
import type { ComplaintAftersales, ComplaintPhoto, ComplaintReply, ComplaintStatus, ComplaintType } from '../complaint.ts';
import type { ComplaintFacts } from '../complaint-lifecycle.ts';
import type { InvoiceSnapshot } from '../invoice.ts';
import type { Carrier, IssuedInvoice, OrderAddress, OrderEvent, OrderLine, OrderPayment, OrderStatus, PaymentMethod } from '../order.ts';
import type { RefundStatus } from '../payment.ts';
import type { StaffHomePageData } from '../staff.ts';
import type { GridPage } from '../staff-grid.ts';

/** The console's order desk (订单管理) and after-sales desk (售后服务), issue 14. */

export const adminOrdersPath = '/admin/orders';
export const adminComplaintsPath = '/admin/complaints';
export const adminOrdersExportPath = '/admin/api/orders/export';
export const adminComplaintsExportPath = '/admin/api/complaints/export';
/** Multipart: the invoice's PDF (field `file`), checked by its content. */
export const adminInvoiceFilePath = '/admin/api/orders/invoiceFile';
export const invoicePdfMaxBytes = 10 * 1024 * 1024;

export function adminOrderDetailPath(orderNo: string): string {
  return `${adminOrdersPath}/${orderNo}`;
}

export function adminComplaintDetailPath(id: number): string {
  return `${adminComplaintsPath}/${String(id)}`;
}

export const orderSortColumns = ['createdAt', 'payableCents'] as const;
export type OrderSortColumn = (typeof orderSortColumns)[number];

export const complaintSortColumns = ['createdAt', 'updatedAt'] as const;

/** A row of the order grid. */
export interface AdminOrderRow {
  orderNo: string;
  /** The buyer's purchase order number (采购订单号); '' for none. */
  poNumber: string;
  status: OrderStatus;
  statusLabel: string;
  memberPhone: string;
  payableCents: number;
  refundedCents: number;
  paymentMethod: PaymentMethod | null;
  paymentMethodLabel: string;
  productCount: number;
  carrierName: string;
  hasInvoiceRequest: boolean;
  createdAt: number;
  createdAtStr: string;
}

export interface AdminShipment {
  id: number;
  carrierName: string;
  trackingNo: string | null;
  shippedAtStr: string;
  /** 'LM358 ×10，NE555 ×5' */
  linesText: string;
}

export interface AdminOrderLine extends OrderLine {
  /** Units sent in parcels so far. */
  shippedQuantity: number;
  /** Units still to send: ordered, less those refunded before sending and those sent (what a refund may take off). */
  toShipQuantity: number;
  /** Units that may go in the next parcel: in stock for the order, not yet sent. */
  shippableQuantity: number;
}

export interface AdminRefund {
  refundNo: string;
  amountCents: number;
  status: RefundStatus;
  statusLabel: string;
  /** 全额退款, 取消后到账退回 …: why it was made. */
  kindLabel: string;
  /** Failed, still due to the buyer: tried again by the reconciliation, or 重新退款. */
  isOwed: boolean;
  channelLabel: string;
  reason: string;
  createdAtStr: string;
  /** What the refund's lifecycle lets this staff member do: 重新退款, 确认已线下退款. */
  can: { retry: boolean; confirmOffline: boolean };
}

/** /admin/orders/{orderNo}. */
export interface AdminOrderDetail {
  orderNo: string;
  /** The buyer's purchase order number (采购订单号); '' for none. Finance puts it in the invoice's 备注. */
  poNumber: string;
  status: OrderStatus;
  statusLabel: string;
  memberPhone: string;
  createdAtStr: string;
  lines: AdminOrderLine[];
  goodsCents: number;
  freightCents: number;
  goodsDiscountCents: number;
  freightDiscountCents: number;
  payableCents: number;
  refundedCents: number;
  /** What a refund may still take: paid minus refunded (0 before payment). */
  refundableCents: number;
  carrier: Carrier;
  address: OrderAddress | null;
  invoice: InvoiceSnapshot | null;
  issuedInvoice: IssuedInvoice | null;
  remark: string;
  payment: OrderPayment | null;
  /** The buyer chose 对公转账 and it has not been confirmed. */
  isAwaitingTransfer: boolean;
  trackingNo: string | null;
  cancelReason: string | null;
  shipments: AdminShipment[];
  refunds: AdminRefund[];
  events: OrderEvent[];
  /** What the order's lifecycle lets this staff member do now (their role's permissions included). */
  can: {
    confirmTransfer: boolean;
    ship: boolean;
    cancel: boolean;
    refund: boolean;
    issueInvoice: boolean;
    reverseInvoice: boolean;
    /** A bank transfer arrived for an order that can no longer take it: recorded and paid back (线下退款). */
    recordLateTransfer: boolean;
  };
}

export interface AdminComplaintRow {
  id: number;
  complaintNo: string;
  orderNo: string;
  memberPhone: string;
  productCode: string;
  type: ComplaintType;
  typeLabel: string;
  status: ComplaintStatus;
  statusLabel: string;
  createdAtStr: string;
  updatedAtStr: string;
}

export interface AdminComplaintDetail extends AdminComplaintRow {
  description: string;
  productName: string;
  quantity: number;
  /** The line's amount: what a refund of the whole line gives back. */
  lineAmountCents: number;
  orderStatusLabel: string;
  orderRefundableCents: number;
  photos: ComplaintPhoto[];
  /** The member's and staff's messages, oldest first. */
  replies: ComplaintReply[];
  /** The return, refund and replacement so far. */
  aftersales: ComplaintAftersales;
  /** What the lifecycle's guards read: the page shows the events allowedEvents gives the staff member's role. */
  facts: ComplaintFacts;
  /** The refund form's amount: the returned units' share of the line (the whole line without a return). */
  suggestedRefundCents: number;
  /** The return form's address: the first active warehouse's (defaultReturnAddressOf). */
  defaultReturnAddress: string;
}

export interface AdminOrdersPageData extends StaffHomePageData {
  initial: GridPage<AdminOrderRow>;
}

export interface AdminOrderDetailPageData extends StaffHomePageData {
  detail: AdminOrderDetail;
  carriers: Carrier[];
}

export interface AdminComplaintsPageData extends StaffHomePageData {
  initial: GridPage<AdminComplaintRow>;
  /** Opened at /admin/complaints/{id}: that complaint's detail beside the list. */
  detail: AdminComplaintDetail | null;
  carriers: Carrier[];
}

export const orderDeskMessages = {
  amountInvalid: '请输入正确的金额（最多两位小数）',
  orderNoInvalid: '订单号有误',
  reasonMissing: '请填写取消原因',
  reasonLong: '原因不能超过100个字',
  refundNoInvalid: '退款单号有误，请刷新页面后重试',
  noteLong: '备注不能超过100个字',
  trackingNoLong: '运单号不能超过64个字符',
  carrierMissing: '请选择快递公司',
  linesInvalid: '请选择要发货的商品并填写大于0的整数数量',
  invoiceFileMissing: '请上传PDF格式的电子发票',
  complaintMissing: '投诉不存在',
  transferConfirmed: '已确认到账',
  shipped: '已发货',
  shippedPart: '已部分发货',
  cancelled: '订单已取消',
  refunded: '退款已提交',
  offlineRefunded: '已确认线下退款',
  invoiced: '发票已开具',
  invoiceReversed: '红冲已登记',
  refundRetried: '已重新申请退款',
  lateTransferRecorded: '已登记到账，待财务线下退回',
  replied: '回复已发送',
  goodsReceived: '已登记收到退货',
  replaced: '已登记换货',
  statusChanged: '投诉状态已更新',
  returnAuthorised: '已同意退货，退货信息已发送给会员',
  complaintRefunded: '退款已提交',
} as const;

/** A new refund number (the refund form draws one when it opens: sending it again is the same refund). */
export function newRefundNo(now: number, random: string): string {
  return `R${String(now)}${random}`.slice(0, 64);
}

export const orderDeskErrors = defineErrors('orderDesk', {
  alreadyConfirmed: { code: ResultCode.conflict, msg: '该订单已确认到账，请勿重复确认' },
  replaceTrackingMissing: { code: ResultCode.badRequest, msg: '请填写换货的快递单号' },
  carrierInvalid: { code: ResultCode.badRequest, msg: '请选择快递公司' },
  invoiceFileInvalid: { code: ResultCode.badRequest, msg: '电子发票须为PDF文件，不超过10MB' },
});
