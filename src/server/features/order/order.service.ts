import type { Kysely } from 'kysely';
import { maskPhone } from '../../../contract/account.ts';
import { findCarrier } from '../../../contract/delivery.ts';
import type { OrderStatistic } from '../../../contract/home.ts';
import type { InvoiceSnapshot } from '../../../contract/invoice.ts';
import { yuanOfCents } from '../../../contract/money.ts';
import {
  isOrderStatus,
  orderErrors,
  orderListPageSize,
  orderStatuses,
  orderStatusLabels,
  orderSummaryLineCount,
  OrderStatus,
  paymentMethodLabels,
  ShortfallChoice,
  type BuyAgainResponse,
  type ExpressInfo,
  type Carrier,
  type IssuedInvoice,
  type OrderAddress,
  type OrderCoupon,
  type OrderDetail,
  type OrderRefund,
  type OrderShipment,
  type OrderEvent,
  type OrderLine,
  type OrderListData,
  type OrderSummary,
  type PaymentMethod,
} from '../../../contract/order.ts';
import { formatBeijingShortTime, formatBeijingTimeSeconds } from '../../../contract/time.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { addToCart, countCartLinesOf } from '../cart/cart.service.ts';
import { loadProductSummaries } from '../catalog/product.service.ts';
import { isSold } from '../../../contract/catalog.ts';
import { buyer, isAllowed } from '../../../contract/lifecycle.ts';
import { orderLifecycle } from '../../../contract/order-lifecycle.ts';
import { assertAllowed } from '../../lifecycle/lifecycle-guard.ts';
import { isOverdue, isPayable, orderFactsOf } from './order.state.ts';
import { refusalFor } from './order-transition.service.ts';
import type { OrderLineRow, OrderRow } from './order.tables.ts';
import {
  countOrderPage,
  countOrdersByStatus,
  countOrdersOfUser,
  countPayableOrders,
  findOrderByNo,
  findOrderEvents,
  findOrderLines,
  findOrderPage,
  findRecentOrders,
  type OrderListFilter,
} from './order.repository.ts';
import { listOrderRefunds } from './order-refund.service.ts';
import { cancelOrderOfBuyer, completeOrderByBuyer, expireOverdueOrders } from './order-sweeper.ts';
import { findIssuedInvoice } from './order-invoice.service.ts';
import { loadShipmentsOf } from './order-shipment.service.ts';
import { loadOrderApprovalView } from './order-approval.service.ts';
import type { TrackingProvider } from './tracking-provider.ts';

export { findPayableOrder, markOrderPaid, confirmBankTransfer } from './order-payment.service.ts';
/** The clock's expiry of unpaid orders past their time (the sweeper runs it; tests drive it with their own clock). */
export { expireOverdueOrders } from './order-sweeper.ts';

function toOrderLine(row: OrderLineRow): OrderLine {
  return {
    id: row.id,
    productId: row.productId,
    productCode: row.productCode,
    productName: row.productName,
    brandName: row.brandName,
    package: row.package,
    quantity: row.quantity,
    reservedQuantity: row.reservedQuantity,
    cancelledQuantity: row.cancelledQuantity,
    unitPriceE4: row.unitPriceE4,
    amountCents: row.amountCents,
    customerPartNo: row.customerPartNo,
    expectedDate: row.expectedDate,
  };
}

export function toOrderEvent(row: { at: number; text: string }): OrderEvent {
  return { at: row.at, atStr: formatBeijingTimeSeconds(row.at), text: row.text };
}

function toOrderSummary(row: OrderRow, lines: OrderLineRow[], now: number): OrderSummary {
  return {
    orderNo: row.orderNo,
    poNumber: row.poNumber,
    status: row.status,
    statusLabel: orderStatusLabels[row.status],
    createdAt: row.createdAt,
    createdAtStr: formatBeijingTimeSeconds(row.createdAt),
    lineCount: lines.length,
    firstLines: lines.slice(0, orderSummaryLineCount).map(toOrderLine),
    payableCents: row.payableCents,
    productCount: row.productCount,
    expiresAt: row.status === OrderStatus.unpaid ? row.expiresAt : null,
    canCancel: isAllowed(orderLifecycle, 'cancelByBuyer', orderFactsOf(row, now), buyer),
    canPay: isPayable(row, now),
    canConfirmReceipt: isAllowed(orderLifecycle, 'confirmReceipt', orderFactsOf(row, now), buyer),
  };
}

/** The snapshots the order keeps as JSON, written by placement from these same types. */
function parseJson(text: string | null): unknown {
  return text === null ? null : JSON.parse(text);
}

function carrierOf(code: string): Carrier {
  return findCarrier(code) ?? { code, name: code, isPickup: false, hasFreeShipping: false, description: '' };
}

function isPaymentMethod(value: string): value is PaymentMethod {
  return value in paymentMethodLabels;
}

function toOrderDetail(
  row: OrderRow,
  lines: OrderLineRow[],
  events: { at: number; text: string }[],
  { refunds, issuedInvoice, shipments }: { refunds: OrderRefund[]; issuedInvoice: IssuedInvoice | null; shipments: OrderShipment[] },
  now: number,
): OrderDetail {
  const method = row.paymentMethod !== null && isPaymentMethod(row.paymentMethod) ? row.paymentMethod : null;
  return {
    ...toOrderSummary(row, lines, now),
    lines: lines.map(toOrderLine),
    goodsCents: row.goodsCents,
    freightCents: row.freightCents,
    goodsDiscountCents: row.goodsDiscountCents,
    freightDiscountCents: row.freightDiscountCents,
    refundedCents: row.refundedCents,
    refunds,
    carrier: carrierOf(row.carrierCode),
    shortfallChoice: row.shortfallChoice === ShortfallChoice.waitForAll ? ShortfallChoice.waitForAll : ShortfallChoice.shipAvailable,
    address: parseJson(row.addressJson) as OrderAddress | null,
    invoice: parseJson(row.invoiceJson) as InvoiceSnapshot | null,
    issuedInvoice,
    remark: row.remark,
    coupons: (parseJson(row.couponsJson) as OrderCoupon[] | null) ?? [],
    payment:
      method !== null && row.paidAt !== null
        ? { method, methodLabel: paymentMethodLabels[method], tradeNo: row.paymentTradeNo, paidAt: row.paidAt, paidAtStr: formatBeijingTimeSeconds(row.paidAt) }
        : null,
    trackingNo: row.trackingNo,
    cancelReason: row.cancelReason,
    events: events.map(toOrderEvent),
    shipments,
  };
}

/**
 * One of the member's orders, cancelled first if it is past its time (reading it is a sweep of it).
 * The site sees live orders only; a sandbox key of /open/v1 its sandbox orders only.
 */
export async function findOrderOfMember(db: Kysely<Database>, userId: number, orderNo: string, now = Date.now(), isSandbox = false): Promise<OrderRow> {
  let order = await findOrderByNo(db, orderNo);
  if (order?.userId !== userId || order.isSandbox !== (isSandbox ? 1 : 0)) throw new AppError(orderErrors.notFound);
  if (isOverdue(order, now)) {
    await expireOverdueOrders(db, now, { orderIds: [order.id] });
    order = (await findOrderByNo(db, orderNo)) ?? order;
  }
  return order;
}

export async function loadOrderDetail(db: Kysely<Database>, userId: number, orderNo: string, now = Date.now()): Promise<OrderDetail> {
  const order = await findOrderOfMember(db, userId, orderNo, now);
  const [lines, events, refunds, issuedInvoice] = await Promise.all([
    findOrderLines(db, [order.id]),
    findOrderEvents(db, order.id),
    listOrderRefunds(db, order.orderNo),
    findIssuedInvoice(db, order.id),
  ]);
  const shipments = await loadShipmentsOf(db, order.id, lines);
  return { ...toOrderDetail(order, lines, events, { refunds, issuedInvoice, shipments }, now), approval: await loadOrderApprovalView(db, order) };
}

export interface OrderListQuery {
  status: OrderStatus | null;
  keyword: string;
  page: number;
}

/** /user/order/list?status=unpaid&keyword=…&page=2, read leniently: anything unknown is the first page of all. */
export function parseOrderListQuery(query: Readonly<Record<string, string | undefined>>): OrderListQuery {
  const page = Number(query.page);
  const status = query.status ?? '';
  return {
    status: isOrderStatus(status) ? status : null,
    keyword: (query.keyword ?? '').trim().slice(0, 60),
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

export async function countOrdersByStatusOf(db: Kysely<Database>, userId: number): Promise<Record<OrderStatus, number>> {
  const counts = await countOrdersByStatus(db, userId);
  return Object.fromEntries(orderStatuses.map((status) => [status, counts.get(status) ?? 0])) as Record<OrderStatus, number>;
}

export async function listOrders(db: Kysely<Database>, userId: number, query: OrderListQuery, now = Date.now()): Promise<OrderListData> {
  await expireOverdueOrders(db, now, { userId });
  const filter: OrderListFilter = { userId, status: query.status, keyword: query.keyword };
  const [rows, total, countsByStatus] = await Promise.all([
    findOrderPage(db, filter, (query.page - 1) * orderListPageSize, orderListPageSize),
    countOrderPage(db, filter),
    countOrdersByStatusOf(db, userId),
  ]);
  const lines = await findOrderLines(
    db,
    rows.map((row) => row.id),
  );
  return {
    orders: rows.map((row) =>
      toOrderSummary(
        row,
        lines.filter((line) => line.orderId === row.id),
        now,
      ),
    ),
    total,
    page: query.page,
    pageSize: orderListPageSize,
    status: query.status,
    keyword: query.keyword,
    countsByStatus,
  };
}

/** The buyer cancels an unpaid order; the stock and coupons it held go back once. */
export async function cancelOrder(db: Kysely<Database>, userId: number, orderNo: string, now = Date.now()): Promise<OrderDetail> {
  const order = await findOrderOfMember(db, userId, orderNo, now);
  assertAllowed(orderLifecycle, 'cancelByBuyer', orderFactsOf(order, now), buyer);
  if (!(await cancelOrderOfBuyer(db, order.id, now))) throw await refusalFor(db, order.id, 'cancelByBuyer', now);
  return loadOrderDetail(db, userId, orderNo, now);
}

/** The buyer confirms a shipped order received: it completes once, however often confirmed. */
export async function confirmReceipt(db: Kysely<Database>, userId: number, orderNo: string, now = Date.now()): Promise<OrderDetail> {
  const order = await findOrderOfMember(db, userId, orderNo, now);
  assertAllowed(orderLifecycle, 'confirmReceipt', orderFactsOf(order, now), buyer);
  if (!(await completeOrderByBuyer(db, order.id, now))) throw await refusalFor(db, order.id, 'confirmReceipt', now);
  return loadOrderDetail(db, userId, orderNo, now);
}

/** The order's lines back in the cart at their quantities; a line no longer sold, or that cannot be added, is skipped with the reason. */
export async function buyAgain(db: Kysely<Database>, userId: number, orderNo: string): Promise<BuyAgainResponse> {
  const order = await findOrderOfMember(db, userId, orderNo);
  const lines = await findOrderLines(db, [order.id]);
  const products = new Map(
    (
      await loadProductSummaries(
        db,
        lines.map((line) => line.productId),
      )
    ).map((product) => [product.productId, product]),
  );
  const skipped: BuyAgainResponse['skipped'] = [];
  let addedCount = 0;
  for (const line of lines) {
    if (!isSold(products.get(line.productId))) {
      skipped.push({ productCode: line.productCode, reason: '该商品已下架' });
      continue;
    }
    try {
      await addToCart(db, userId, line.productId, line.quantity, { customerPartNo: line.customerPartNo });
      addedCount += 1;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      skipped.push({ productCode: line.productCode, reason: error.msg });
    }
  }
  return { addedCount, skipped, cartCount: await countCartLinesOf(db, userId) };
}

/** The status bar's 待付款 number: unpaid orders still within their time. */
export function countUnpaidOrdersOf(db: Kysely<Database>, userId: number, now = Date.now()): Promise<number> {
  return countPayableOrders(db, userId, now);
}

/** The home card's and the member centre's order count. */
export function countOrdersOfMember(db: Kysely<Database>, userId: number): Promise<number> {
  return countOrdersOfUser(db, userId);
}

/**
 * The home page's 实时成交 rows: the latest deals (paid, not cancelled, not closed, not refunded in
 * full), the buyer's phone masked. The amount is what the store kept: a partly refunded order
 * shows its payment less the refund.
 */
export async function loadOrderStatistics(db: Kysely<Database>, limit: number): Promise<OrderStatistic[]> {
  const rows = await findRecentOrders(db, limit);
  return rows.map((row) => ({
    userNum: maskPhone(row.phone),
    productCount: row.productCount,
    orderTimeStr: formatBeijingShortTime(row.createdAt),
    tradeAmount: yuanOfCents(row.keptCents),
  }));
}

/** /common/api/queryExpressInfo: the member's own order's parcel journey, newest first. */
export async function loadExpressInfo(db: Kysely<Database>, tracking: TrackingProvider, userId: number, orderNo: string): Promise<ExpressInfo> {
  const order = await findOrderOfMember(db, userId, orderNo);
  const carrier = carrierOf(order.carrierCode);
  const address = parseJson(order.addressJson) as OrderAddress | null;
  const events = await tracking.queryTracking({
    orderId: order.id,
    carrierCode: order.carrierCode,
    trackingNo: order.trackingNo,
    receiverPhone: address?.phone ?? '',
  });
  return { orderNo: order.orderNo, carrierCode: carrier.code, carrierName: carrier.name, trackingNo: order.trackingNo, events };
}
