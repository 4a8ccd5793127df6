import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import { orderDeskErrors, type AdminOrderDetail, type AdminOrderRow, type AdminRefund, type AdminShipment } from '../../../contract/console/orders.ts';
import type { adminOrderRequests, orderGridQuery } from '../../../contract/console/orders-requests.ts';
import { findCarrier } from '../../../contract/delivery.ts';
import type { InvoiceSnapshot } from '../../../contract/invoice.ts';
import {
  orderStatusLabels,
  OrderStatus,
  paymentMethodLabels,
  PaymentMethod,
  type Carrier,
  type OrderAddress,
  type PaymentMethod as PaymentMethodValue,
} from '../../../contract/order.ts';
import { RefundStatus } from '../../../contract/payment.ts';
import type { GridPage } from '../../../contract/staff-grid.ts';
import { isAllowed, type Actor } from '../../../contract/lifecycle.ts';
import { orderLifecycle, type OrderFacts, type OrderLifecycleEvent } from '../../../contract/order-lifecycle.ts';
import { invoiceLifecycle, type InvoiceFacts, type InvoiceLifecycleEvent } from '../../../contract/invoice-lifecycle.ts';
import type { StaffIdentity } from '../../../contract/staff.ts';
import { formatBeijingTimeSeconds } from '../../../contract/time.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import {
  confirmBankTransfer,
  findOrderForStaff,
  issueInvoiceByStaff,
  loadInvoiceFacts,
  reverseInvoiceByStaff,
  loadOrderForStaff,
  lineProgress,
  orderFactsForStaff,
  shipParcel,
  type OrderForStaff,
} from '../order/order-staff.service.ts';
import type { OrderRow } from '../order/order.tables.ts';
import { confirmOfflineRefund, findRefundsForStaff, refundContextOf, retryRefund, type StaffRefund } from '../payment/payment-refund.service.ts';
import { cancelByStaff, refundOrder } from '../payment/order-refund-workflow.service.ts';
import { bankTransferFactsOf, recordLateBankTransfer } from '../payment/payment.service.ts';
import { paymentLifecycle } from '../../../contract/payment-lifecycle.ts';
import { refundLifecycle, type RefundLifecycleEvent } from '../../../contract/refund-lifecycle.ts';
import { recordStaffChange } from '../staff/audit.service.ts';
import { staffActorOf } from '../staff/staff-actor.ts';
import { exportRowsOfQuery, pageOfQuery } from '../staff/grid-query.ts';
import type { StaffActor } from '../staff/staff-desk.service.ts';
import { findMemberPhone, orderGridSelect, orderSortExpressions } from './order-desk.repository.ts';

type Requests = { [Name in keyof typeof adminOrderRequests]: z.output<(typeof adminOrderRequests)[Name]> };
type OrderGridQuery = z.output<typeof orderGridQuery>;
export type OrderDeskDeps = Pick<ServiceDeps, 'db' | 'config' | 'logger'>;

const defaultSort = { column: 'createdAt', direction: 'desc' } as const;

function isPaymentMethod(value: string | null): value is PaymentMethodValue {
  return value !== null && value in paymentMethodLabels;
}

function carrierOf(code: string): Carrier {
  return findCarrier(code) ?? { code, name: code, isPickup: false, hasFreeShipping: false, description: '' };
}

type OrderGridRow = Awaited<ReturnType<ReturnType<typeof orderGridSelect>['execute']>>[number];

function toAdminOrderRow(row: OrderGridRow): AdminOrderRow {
  const method = isPaymentMethod(row.paymentMethod) ? row.paymentMethod : null;
  return {
    orderNo: row.orderNo,
    poNumber: row.poNumber,
    status: row.status,
    statusLabel: orderStatusLabels[row.status],
    memberPhone: row.memberPhone,
    payableCents: row.payableCents,
    refundedCents: row.refundedCents,
    paymentMethod: method,
    paymentMethodLabel: method ? paymentMethodLabels[method] : '',
    productCount: row.productCount,
    carrierName: carrierOf(row.carrierCode).name,
    hasInvoiceRequest: row.invoiceJson !== null,
    createdAt: row.createdAt,
    createdAtStr: formatBeijingTimeSeconds(row.createdAt),
  };
}

export async function listOrdersForStaff(db: Kysely<Database>, query: OrderGridQuery): Promise<GridPage<AdminOrderRow>> {
  const page = await pageOfQuery(orderGridSelect(db, query.filters), query, orderSortExpressions, defaultSort, 'orders.id');
  return { ...page, rows: page.rows.map(toAdminOrderRow) };
}

export async function exportOrdersForStaff(db: Kysely<Database>, query: OrderGridQuery): Promise<AdminOrderRow[]> {
  return (await exportRowsOfQuery(orderGridSelect(db, query.filters), query.sort, orderSortExpressions, defaultSort, 'orders.id')).map(toAdminOrderRow);
}

function toAdminShipments(view: OrderForStaff): AdminShipment[] {
  const codes = new Map(view.lines.map((line) => [line.id, line.productCode]));
  return view.shipments.map((shipment) => ({
    id: shipment.id,
    carrierName: carrierOf(shipment.carrierCode).name,
    trackingNo: shipment.trackingNo,
    shippedAtStr: formatBeijingTimeSeconds(shipment.shippedAt),
    linesText: shipment.lines.map((line) => `${codes.get(line.orderLineId) ?? ''} ×${String(line.quantity)}`).join('，'),
  }));
}

function parseJson(text: string | null): unknown {
  return text === null ? null : JSON.parse(text);
}

/** Each line with what was shipped of it and what is left to ship. */
function toAdminLines(view: OrderForStaff, isFinal: boolean): AdminOrderDetail['lines'] {
  const shipped = new Map<number, number>();
  for (const shipment of view.shipments) for (const line of shipment.lines) shipped.set(line.orderLineId, (shipped.get(line.orderLineId) ?? 0) + line.quantity);
  return view.lines.map((line) => {
    const shippedQuantity = shipped.get(line.id) ?? 0;
    // A cancelled or closed order sends nothing more.
    const progress = isFinal ? { toShip: 0, shippableNow: 0 } : lineProgress(line, shippedQuantity);
    return {
      id: line.id,
      productId: line.productId,
      productCode: line.productCode,
      productName: line.productName,
      brandName: line.brandName,
      package: line.package,
      quantity: line.quantity,
      reservedQuantity: line.reservedQuantity,
      cancelledQuantity: line.cancelledQuantity,
      unitPriceE4: line.unitPriceE4,
      amountCents: line.amountCents,
      customerPartNo: line.customerPartNo,
      expectedDate: line.expectedDate,
      shippedQuantity,
      toShipQuantity: progress.toShip,
      shippableQuantity: progress.shippableNow,
    };
  });
}

function toAdminRefund(refund: StaffRefund, actor: Actor): AdminRefund {
  const may = (event: RefundLifecycleEvent) => isAllowed(refundLifecycle, event, refund.facts, actor);
  return {
    refundNo: refund.refundNo,
    amountCents: refund.amountCents,
    status: refund.status,
    statusLabel: refund.statusLabel,
    kindLabel: refund.kindLabel,
    isOwed: refund.isOwed,
    channelLabel: refund.method === PaymentMethod.bankTransfer ? '线下退款' : '原路退回',
    reason: refund.reason,
    createdAtStr: formatBeijingTimeSeconds(refund.createdAt),
    can: { retry: may('retry'), confirmOffline: may('confirmOffline') },
  };
}

function toAdminPayment(order: OrderRow): AdminOrderDetail['payment'] {
  const method = isPaymentMethod(order.paymentMethod) ? order.paymentMethod : null;
  return method !== null && order.paidAt !== null
    ? {
        method,
        methodLabel: paymentMethodLabels[method],
        tradeNo: order.paymentTradeNo,
        paidAt: order.paidAt,
        paidAtStr: formatBeijingTimeSeconds(order.paidAt),
      }
    : null;
}

export async function loadOrderDetailForStaff(
  db: Kysely<Database>,
  orderNo: string,
  staff: Pick<StaffIdentity, 'role'>,
  now = Date.now(),
): Promise<AdminOrderDetail> {
  const view = await loadOrderForStaff(db, orderNo);
  const { order } = view;
  const [memberPhone, refunds] = await Promise.all([findMemberPhone(db, order.userId), findRefundsForStaff(db, order.orderNo)]);
  const actor = staffActorOf(staff);
  const isPaid = order.paidAt !== null && order.status !== OrderStatus.unpaid;
  const isFinal = order.status === OrderStatus.cancelled || order.status === OrderStatus.closed;
  const refundableCents = isPaid ? order.payableCents - order.refundedCents : 0;
  const invoice = parseJson(order.invoiceJson) as InvoiceSnapshot | null;
  return {
    orderNo: order.orderNo,
    poNumber: order.poNumber,
    status: order.status,
    statusLabel: orderStatusLabels[order.status],
    memberPhone,
    createdAtStr: formatBeijingTimeSeconds(order.createdAt),
    lines: toAdminLines(view, isFinal),
    goodsCents: order.goodsCents,
    freightCents: order.freightCents,
    goodsDiscountCents: order.goodsDiscountCents,
    freightDiscountCents: order.freightDiscountCents,
    payableCents: order.payableCents,
    refundedCents: order.refundedCents,
    refundableCents,
    carrier: carrierOf(order.carrierCode),
    address: parseJson(order.addressJson) as OrderAddress | null,
    invoice,
    issuedInvoice: view.issuedInvoice,
    remark: order.remark,
    payment: toAdminPayment(order),
    isAwaitingTransfer: order.status === OrderStatus.unpaid,
    trackingNo: order.trackingNo,
    cancelReason: order.cancelReason,
    shipments: toAdminShipments(view),
    refunds: refunds.map((refund) => toAdminRefund(refund, actor)),
    events: view.events.map((event) => ({ at: event.at, atStr: formatBeijingTimeSeconds(event.at), text: event.text })),
    can: {
      ...canOf(orderFactsForStaff(view, now), actor, await loadInvoiceFacts(db, order)),
      // Money that comes after a cancel or a full refund; a transfer for a payable order is 确认到账.
      recordLateTransfer: isFinal && isAllowed(paymentLifecycle, 'recordLateTransfer', await bankTransferFactsOf(db, order), actor),
    },
  };
}

/** The buttons of the order's detail: the events the order's and the invoice's lifecycles let this staff member fire now. */
function canOf(facts: OrderFacts, actor: Actor, invoice: InvoiceFacts | null): Omit<AdminOrderDetail['can'], 'recordLateTransfer'> {
  const may = (event: OrderLifecycleEvent) => isAllowed(orderLifecycle, event, facts, actor);
  const mayInvoice = (event: InvoiceLifecycleEvent) => invoice !== null && isAllowed(invoiceLifecycle, event, invoice, actor);
  return {
    confirmTransfer: may('confirmTransfer'),
    ship: may('shipParcel') || may('shipLast'),
    cancel: may('cancelByStaff'),
    refund: may('refundPart') || may('refundInFull') || may('refundRemaining'),
    issueInvoice: mayInvoice('issue'),
    reverseInvoice: mayInvoice('reverse'),
  };
}

/** What the audit log keeps of an order. */
function orderAuditView(row: OrderRow) {
  return {
    status: row.status,
    paymentMethod: row.paymentMethod,
    paidAt: row.paidAt,
    payableCents: row.payableCents,
    refundedCents: row.refundedCents,
    carrierCode: row.carrierCode,
    trackingNo: row.trackingNo,
    cancelReason: row.cancelReason,
  };
}

function auditOrder(trx: Transaction<Database>, actor: StaffActor, action: string, before: OrderRow, after: OrderRow, extra: object = {}) {
  return recordStaffChange(trx, {
    ...actor,
    action,
    subject: 'Order',
    subjectId: before.orderNo,
    before: orderAuditView(before),
    after: { ...orderAuditView(after), ...extra },
  });
}

/** 确认到账: the transfer's amount must be the order's; a second confirmation is refused (nothing changes). */
export async function confirmTransferByStaff(db: Kysely<Database>, actor: StaffActor, request: Requests['confirmTransfer']): Promise<AdminOrderDetail> {
  const before = await findOrderForStaff(db, request.orderNo);
  const outcome = await confirmBankTransfer(
    db,
    { orderNo: request.orderNo, amountCents: request.amount, staffNote: request.note, seen: request.from },
    (trx, after) => auditOrder(trx, actor, 'confirmTransfer', before, after, { note: request.note }),
  );
  if (outcome === 'alreadyPaid') throw new AppError(orderDeskErrors.alreadyConfirmed);
  return loadOrderDetailForStaff(db, request.orderNo, actor.staff);
}

/** 发货: one parcel (chosen lines and quantities) or everything left. */
export async function shipByStaff(db: Kysely<Database>, actor: StaffActor, request: Requests['ship']): Promise<AdminOrderDetail> {
  const before = await findOrderForStaff(db, request.orderNo);
  await shipParcel(db, { ...request, seen: request.from, actor: staffActorOf(actor.staff) }, (trx, result) =>
    auditOrder(trx, actor, 'ship', before, result.order, {
      parcel: { carrierCode: request.carrierCode, trackingNo: request.trackingNo, lines: request.lines ?? '全部', isLast: result.isLast },
    }),
  );
  return loadOrderDetailForStaff(db, request.orderNo, actor.staff);
}

/** 取消: stock and coupons go back; a paid order's unrefunded amount is refunded. */
export async function cancelOrderByStaff(deps: OrderDeskDeps, actor: StaffActor, request: Requests['cancel']): Promise<AdminOrderDetail> {
  const before = await findOrderForStaff(deps.db, request.orderNo);
  const cancel = { orderNo: request.orderNo, reason: request.reason, seen: request.from, actor: staffActorOf(actor.staff) };
  await cancelByStaff(refundContextOf(deps), cancel, (trx, after) => auditOrder(trx, actor, 'cancel', before, after));
  return loadOrderDetailForStaff(deps.db, request.orderNo, actor.staff);
}

/**
 * 退款: at most what was paid and not yet refunded, whoever refunds at the same time; units taken off
 * lines are no longer sent, and the refund that completes the paid amount closes the order.
 */
export async function refundByStaff(deps: OrderDeskDeps, actor: StaffActor, request: Requests['refund']): Promise<AdminOrderDetail> {
  const reason = request.reason || '售后退款';
  const before = await findOrderForStaff(deps.db, request.orderNo);
  await refundOrder(
    refundContextOf(deps),
    {
      orderNo: request.orderNo,
      refundNo: request.refundNo,
      amountCents: request.amount,
      reason,
      lines: request.lines,
      seen: request.from,
      actor: staffActorOf(actor.staff),
    },
    async (trx, refund) => {
      const after = await findOrderForStaff(trx, request.orderNo);
      await recordStaffChange(trx, {
        ...actor,
        action: 'refund',
        subject: 'Refund',
        subjectId: request.orderNo,
        before: { status: before.status, refundedCents: after.refundedCents - refund.amountCents },
        after: {
          status: after.status,
          refundedCents: after.refundedCents,
          refundNo: refund.refundNo,
          amountCents: refund.amountCents,
          reason: refund.reason,
          lines: request.lines ?? [],
        },
      });
    },
  );
  return loadOrderDetailForStaff(deps.db, request.orderNo, actor.staff);
}

/** A 线下退款 (bank transfer) staff paid back: it ends 已退款 and the member is told. */
export async function confirmOfflineRefundByStaff(
  deps: OrderDeskDeps,
  actor: StaffActor,
  request: Requests['confirmOfflineRefund'],
): Promise<AdminOrderDetail> {
  await confirmOfflineRefund(deps, { refundNo: request.refundNo, staffNote: request.note }, Date.now(), (trx, refund) =>
    recordStaffChange(trx, {
      ...actor,
      action: 'confirmOfflineRefund',
      subject: 'Refund',
      subjectId: request.orderNo,
      before: { refundNo: refund.refundNo, status: RefundStatus.processing },
      after: { refundNo: refund.refundNo, status: refund.status, note: request.note },
    }),
  );
  return loadOrderDetailForStaff(deps.db, request.orderNo, actor.staff);
}

/** 重新退款: a failed refund asked again under its own number (the provider never refunds one number twice). */
export async function retryRefundByStaff(deps: OrderDeskDeps, actor: StaffActor, request: Requests['retryRefund']): Promise<AdminOrderDetail> {
  await retryRefund(refundContextOf(deps), { refundNo: request.refundNo, seen: request.from, actor: staffActorOf(actor.staff) }, Date.now(), (trx, refund) =>
    recordStaffChange(trx, {
      ...actor,
      action: 'retryRefund',
      subject: 'Refund',
      subjectId: request.orderNo,
      before: { refundNo: refund.refundNo, status: request.from ?? null },
      after: { refundNo: refund.refundNo, status: refund.status },
    }),
  );
  return loadOrderDetailForStaff(deps.db, request.orderNo, actor.staff);
}

/** 登记到账退回: a bank transfer for an order that can no longer take it, queued as a 线下退款 for finance. */
export async function recordLateTransferByStaff(deps: OrderDeskDeps, actor: StaffActor, request: Requests['recordLateTransfer']): Promise<AdminOrderDetail> {
  const transfer = { orderNo: request.orderNo, amountCents: request.amount, staffNote: request.note, actor: staffActorOf(actor.staff) };
  await recordLateBankTransfer(refundContextOf(deps), transfer, Date.now(), (trx, refund) =>
    recordStaffChange(trx, {
      ...actor,
      action: 'recordLateTransfer',
      subject: 'Payment',
      subjectId: request.orderNo,
      before: null,
      after: { refundNo: refund.refundNo, amountCents: refund.amountCents, note: request.note },
    }),
  );
  return loadOrderDetailForStaff(deps.db, request.orderNo, actor.staff);
}

/** 开票: the number the tax system gave and, optionally, the PDF uploaded for it. */
export async function issueInvoiceForStaff(db: Kysely<Database>, actor: StaffActor, request: Requests['issueInvoice']): Promise<AdminOrderDetail> {
  const issue = {
    orderNo: request.orderNo,
    invoiceNumber: request.invoiceNumber,
    fileUrl: request.fileUrl || null,
    seen: request.from,
    actor: staffActorOf(actor.staff),
  };
  await issueInvoiceByStaff(db, issue, (trx, issued) =>
    recordStaffChange(trx, { ...actor, action: 'issueInvoice', subject: 'Invoice', subjectId: request.orderNo, before: null, after: issued }),
  );
  return loadOrderDetailForStaff(db, request.orderNo, actor.staff);
}

/** 登记红冲: the red-letter invoice of an invoice whose order was cancelled or refunded in full. */
export async function reverseInvoiceForStaff(db: Kysely<Database>, actor: StaffActor, request: Requests['reverseInvoice']): Promise<AdminOrderDetail> {
  const before = await loadOrderForStaff(db, request.orderNo);
  await reverseInvoiceByStaff(db, { orderNo: request.orderNo, reversalNumber: request.reversalNumber, actor: staffActorOf(actor.staff) }, (trx, reversed) =>
    recordStaffChange(trx, {
      ...actor,
      action: 'reverseInvoice',
      subject: 'Invoice',
      subjectId: request.orderNo,
      before: before.issuedInvoice,
      after: reversed,
    }),
  );
  return loadOrderDetailForStaff(db, request.orderNo, actor.staff);
}
