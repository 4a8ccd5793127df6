import type { Generated, Selectable } from 'kysely';
import type { IssuedInvoiceState, OrderStatus } from '../../../contract/order.ts';
import type { OrderApprovalTables } from './order-approval.tables.ts';

export interface OrdersTable {
  id: Generated<number>;
  orderNo: string;
  userId: number;
  /** OrderStatus of src/contract/order.ts. */
  status: OrderStatus;
  /** Pieces over all lines (the home page's 实时成交 rows show it). */
  productCount: number;
  /** From the checkout page: the same key twice is one order. */
  idempotencyKey: Generated<string>;
  goodsCents: Generated<number>;
  freightCents: Generated<number>;
  goodsDiscountCents: Generated<number>;
  freightDiscountCents: Generated<number>;
  payableCents: Generated<number>;
  carrierCode: Generated<string>;
  shortfallChoice: Generated<string>;
  /** OrderAddress as JSON; null for pickup. */
  addressJson: string | null;
  /** The invoice snapshot as JSON; null without an invoice. */
  invoiceJson: string | null;
  /** OrderCoupon[] as JSON: the coupons as they were used; null without coupons. */
  couponsJson: string | null;
  remark: Generated<string>;
  /** The buyer's purchase order number (采购订单号); '' for none. */
  poNumber: Generated<string>;
  paymentMethod: string | null;
  paymentTradeNo: string | null;
  paidAt: number | null;
  /** Unpaid orders are cancelled at this time (a sweeper claims them; no in-process timer is the record). */
  expiresAt: number | null;
  cancelledAt: number | null;
  cancelReason: string | null;
  trackingNo: string | null;
  shippedAt: number | null;
  completedAt: number | null;
  /** When a full refund closed it (已关闭). */
  closedAt: Generated<number | null>;
  /** Refunded, being refunded, or owed by a binding refund to retry (payment-refund.service): never past what was paid. */
  refundedCents: Generated<number>;
  /** The accepted offer this order was placed from (unique: an offer makes one order). */
  quotationId: number | null;
  /** 1: placed with a sandbox key of /open/v1: no stock taken, hidden from the site and the staff's desks. */
  isSandbox: Generated<number>;
  createdAt: number;
  updatedAt: Generated<number>;
}

export interface OrderLinesTable {
  id: Generated<number>;
  orderId: number;
  productId: number;
  productCode: string;
  productName: string;
  brandName: string;
  package: string;
  quantity: number;
  /** Units taken from products.stock for it (less than quantity while a back order waits); shipped units stay counted. */
  reservedQuantity: number;
  /** Units a refund took off the line before they were sent: they are no longer shipped or waited for. */
  cancelledQuantity: Generated<number>;
  unitPriceE4: number;
  amountCents: number;
  /** The buyer's own part number (客户料号), from the cart line; '' for none. */
  customerPartNo: Generated<string>;
  /** 预计到货 of the units still waiting (Beijing yyyy-MM-dd): from the part's factory lead time, moved by staff; null when unknown. */
  expectedDate: Generated<string | null>;
}

export interface OrderEventsTable {
  id: Generated<number>;
  orderId: number;
  /** placed, paid, transferConfirmed, restocked, shipped, tracking, completed, cancelled, refunded, invoiced */
  kind: string;
  text: string;
  at: number;
}

/** The invoice staff issued for an order: one at most (unique order_id). */
export interface OrderInvoicesTable {
  id: Generated<number>;
  orderId: number;
  invoiceNumber: string;
  issuedAt: number;
  fileUrl: string | null;
  /** issued, reversalPending or reversed (contract/invoice-lifecycle.ts). */
  status: Generated<IssuedInvoiceState>;
  /** The red-letter invoice's number (红字发票号码), once reversed. */
  reversalNumber: Generated<string | null>;
  reversedAt: Generated<number | null>;
  createdAt: number;
  updatedAt: Generated<number | null>;
}

/** A parcel staff sent: the order may leave in several (order-shipment.service). */
export interface OrderShipmentsTable {
  id: Generated<number>;
  orderId: number;
  carrierCode: string;
  /** Null for 自提. */
  trackingNo: string | null;
  shippedAt: number;
}

export interface OrderShipmentLinesTable {
  id: Generated<number>;
  shipmentId: number;
  orderLineId: number;
  quantity: number;
}

export type OrderRow = Selectable<OrdersTable>;
export type OrderLineRow = Selectable<OrderLinesTable>;

export interface OrderTables extends OrderApprovalTables {
  orders: OrdersTable;
  orderLines: OrderLinesTable;
  orderEvents: OrderEventsTable;
  orderInvoices: OrderInvoicesTable;
  orderShipments: OrderShipmentsTable;
  orderShipmentLines: OrderShipmentLinesTable;
}
