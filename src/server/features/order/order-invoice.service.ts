import type { Kysely } from 'kysely';
import { invoiceTypeNames, type InvoiceSnapshot } from '../../../contract/invoice.ts';
import {
  invoiceErrors,
  invoiceLifecycle,
  InvoiceState,
  invoiceStateOf,
  invoiceStateLabels,
  isDigitalInvoiceNumber,
  type InvoiceFacts,
  type InvoiceLifecycleEvent,
} from '../../../contract/invoice-lifecycle.ts';
import type { Actor } from '../../../contract/lifecycle.ts';
import { MessageType } from '../../../contract/message.ts';
import { isInvoiceNumber, orderErrors, OrderStatus, type IssuedInvoice, type IssuedInvoiceState } from '../../../contract/order.ts';
import type { Database } from '../../db/database.ts';
import { withTransaction, type AlongsideChange } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { assertAllowed, claimFrom, refusalNow } from '../../lifecycle/lifecycle-guard.ts';
import { sendMessages } from '../message/message.service.ts';
import type { OrderRow } from './order.tables.ts';
import { findOrderById, findOrderByNo, insertOrderEvents } from './order.repository.ts';
import { claimInvoiceStatus, findOrderInvoice, holdInvoiceableOrder, insertOrderInvoice } from './order-invoice.repository.ts';

/**
 * The invoice an order asked for, by its declared lifecycle (contract/invoice-lifecycle.ts): staff
 * record the one the tax system issued (once per order, only for a paid order that is not cancelled
 * or refunded in full, a 数电票 only with its PDF); an issued invoice whose order is then cancelled or
 * refunded in full waits for its red-letter reversal (待红冲), which staff register (已红冲). Each
 * change writes the order's timeline and tells the member (type 4).
 */

export interface InvoiceIssue {
  orderNo: string;
  /** 发票号码 from the tax system: 8 digits (paper) or 20 (数电票). */
  invoiceNumber: string;
  /** When the tax system issued it; now by default. */
  issuedAt?: number;
  /** Where the member downloads the electronic invoice (PDF): https://… or a path of the store. */
  fileUrl?: string | null;
  /** The order status the staff member's page showed. */
  seen?: OrderStatus;
  actor?: Actor;
  now?: number;
}

type InvoiceRow = NonNullable<Awaited<ReturnType<typeof findOrderInvoice>>>;

/** The invoice's state: its row's, else read from the order (待开票 while it may still be issued, 不开具 once it cannot). */
function invoiceFactsOf(order: OrderRow, row: InvoiceRow | undefined, issue?: { invoiceNumber: string; fileUrl: string | null }): InvoiceFacts {
  return {
    state: invoiceStateOf(order.status, row?.status ?? null),
    orderState: order.status,
    isDigitalWithoutFile: issue !== undefined && isDigitalInvoiceNumber(issue.invoiceNumber) && issue.fileUrl === null,
  };
}

/** The facts the console's 开票 and 红冲 buttons read (null: the order asked for no invoice). */
export async function loadInvoiceFacts(db: Kysely<Database>, order: OrderRow): Promise<InvoiceFacts | null> {
  if (order.invoiceJson === null) return null;
  return invoiceFactsOf(order, await findOrderInvoice(db, order.id));
}

function kindNameOf(order: OrderRow): string {
  return order.invoiceJson === null ? '发票' : invoiceTypeNames[(JSON.parse(order.invoiceJson) as InvoiceSnapshot).type];
}

async function refusalOf(db: Kysely<Database>, orderId: number, event: InvoiceLifecycleEvent): Promise<AppError> {
  const order = await findOrderById(db, orderId);
  if (!order) return new AppError(orderErrors.notFound);
  return refusalNow(invoiceLifecycle, event, invoiceFactsOf(order, await findOrderInvoice(db, orderId)));
}

/**
 * Staff record the invoice issued for a paid order that asked for one (see the file's comment):
 * once per order, also under racing calls (the unique order_id), the order row held while it is
 * written so a cancellation or a full refund cannot slip between.
 */
export async function issueInvoice(db: Kysely<Database>, issue: InvoiceIssue, alongside?: AlongsideChange<IssuedInvoice>): Promise<IssuedInvoice> {
  const now = issue.now ?? Date.now();
  const invoiceNumber = issue.invoiceNumber.trim();
  if (!isInvoiceNumber(invoiceNumber)) throw new AppError(orderErrors.invoiceNumberInvalid);
  const fileUrl = issue.fileUrl?.trim() ? issue.fileUrl.trim() : null;
  if (fileUrl !== null && !/^(https:\/\/|\/(?!\/))\S+$/.test(fileUrl)) throw new AppError(orderErrors.invoiceFileUrlInvalid);
  const order = await findOrderByNo(db, issue.orderNo);
  if (!order) throw new AppError(orderErrors.notFound);
  if (order.invoiceJson === null) throw new AppError(orderErrors.invoiceNotRequested);
  if (issue.seen !== undefined && issue.seen !== order.status) throw new AppError(invoiceErrors.changedMeanwhile);
  const existing = await findOrderInvoice(db, order.id);
  if (existing) throw new AppError(orderErrors.invoiceAlreadyIssued);
  assertAllowed(invoiceLifecycle, 'issue', invoiceFactsOf(order, existing, { invoiceNumber, fileUrl }), issue.actor);
  const kindName = kindNameOf(order);
  const issuedAt = issue.issuedAt ?? now;

  await withTransaction(db, async (trx) => {
    if (!(await holdInvoiceableOrder(trx, order.id, now))) throw await refusalOf(trx, order.id, 'issue');
    if (!(await insertOrderInvoice(trx, { orderId: order.id, invoiceNumber, issuedAt, fileUrl, createdAt: now, updatedAt: now })))
      throw new AppError(orderErrors.invoiceAlreadyIssued);
    await insertOrderEvents(trx, [{ orderId: order.id, kind: 'invoiced', text: `${kindName}已开具，发票号码 ${invoiceNumber}`, at: now }]);
    const download = fileUrl ? '，可在订单详情中下载电子发票' : '';
    await notifyInvoice(trx, order, `您的订单${order.orderNo}的${kindName}已开具，发票号码${invoiceNumber}${download}。`, now);
    await alongside?.(trx, toIssuedInvoice({ invoiceNumber, issuedAt, fileUrl, status: InvoiceState.issued, reversalNumber: null }));
  });
  return toIssuedInvoice({ invoiceNumber, issuedAt, fileUrl, status: InvoiceState.issued, reversalNumber: null });
}

/**
 * Inside the transaction that cancels a paid order or refunds it in full: an issued invoice now waits
 * for its red-letter reversal (待红冲), and the member is told. Nothing when none was issued.
 */
export async function requireInvoiceReversal(trx: Kysely<Database>, order: OrderRow, now: number): Promise<void> {
  const from = claimFrom(invoiceLifecycle, 'requireReversal') as readonly IssuedInvoiceState[];
  if (!(await claimInvoiceStatus(trx, order.id, from, { status: InvoiceState.reversalPending, updatedAt: now }))) return;
  const kindName = kindNameOf(order);
  await insertOrderEvents(trx, [
    { orderId: order.id, kind: 'invoiceReversal', text: `订单已${order.status === OrderStatus.closed ? '全额退款' : '取消'}，${kindName}待红冲`, at: now },
  ]);
  await notifyInvoice(
    trx,
    order,
    `您的订单${order.orderNo}已${order.status === OrderStatus.closed ? '全额退款' : '取消'}，已开具的${kindName}将作红冲处理。`,
    now,
  );
}

/** Staff register the red-letter invoice (红字发票) of an invoice waiting for its reversal: once. */
export async function reverseInvoice(
  db: Kysely<Database>,
  request: { orderNo: string; reversalNumber: string; actor?: Actor; now?: number },
  alongside?: AlongsideChange<IssuedInvoice>,
): Promise<IssuedInvoice> {
  const now = request.now ?? Date.now();
  const reversalNumber = request.reversalNumber.trim();
  if (!isInvoiceNumber(reversalNumber)) throw new AppError(invoiceErrors.reversalNumberInvalid);
  const order = await findOrderByNo(db, request.orderNo);
  if (!order) throw new AppError(orderErrors.notFound);
  assertAllowed(invoiceLifecycle, 'reverse', invoiceFactsOf(order, await findOrderInvoice(db, order.id)), request.actor);
  return withTransaction(db, async (trx) => {
    const from = claimFrom(invoiceLifecycle, 'reverse') as readonly IssuedInvoiceState[];
    if (!(await claimInvoiceStatus(trx, order.id, from, { status: InvoiceState.reversed, reversalNumber, reversedAt: now, updatedAt: now })))
      throw await refusalOf(trx, order.id, 'reverse');
    const kindName = kindNameOf(order);
    await insertOrderEvents(trx, [{ orderId: order.id, kind: 'invoiceReversed', text: `${kindName}已红冲，红字发票号码 ${reversalNumber}`, at: now }]);
    await notifyInvoice(trx, order, `您的订单${order.orderNo}的${kindName}已红冲，红字发票号码${reversalNumber}。`, now);
    const row = await findOrderInvoice(trx, order.id);
    if (!row) throw new AppError(orderErrors.notFound);
    const reversed = toIssuedInvoice(row);
    await alongside?.(trx, reversed);
    return reversed;
  });
}

function notifyInvoice(db: Kysely<Database>, order: OrderRow, text: string, now: number): Promise<void> {
  return sendMessages(db, [{ userId: order.userId, messageType: MessageType.invoice, msgContent: text, sendDate: now }]);
}

function toIssuedInvoice(row: Pick<InvoiceRow, 'invoiceNumber' | 'issuedAt' | 'fileUrl' | 'status' | 'reversalNumber'>): IssuedInvoice {
  return {
    invoiceNumber: row.invoiceNumber,
    issuedAt: row.issuedAt,
    fileUrl: row.fileUrl,
    status: row.status,
    statusLabel: invoiceStateLabels[row.status],
    reversalNumber: row.reversalNumber,
  };
}

/** The invoice issued for an order, for its detail page. */
export async function findIssuedInvoice(db: Kysely<Database>, orderId: number): Promise<IssuedInvoice | null> {
  const row = await findOrderInvoice(db, orderId);
  return row ? toIssuedInvoice(row) : null;
}
