import type { Kysely } from 'kysely';
import { invoiceTypeNames, type InvoiceSnapshot } from '../../../contract/invoice.ts';
import { MessageType } from '../../../contract/message.ts';
import { isInvoiceNumber, orderErrors, type IssuedInvoice } from '../../../contract/order.ts';
import type { Database } from '../../db/database.ts';
import { withTransaction, type AlongsideChange } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { sendMessages } from '../message/message.service.ts';
import { findOrderByNo, insertOrderEvents } from './order.repository.ts';
import { findOrderInvoice, holdInvoiceableOrder, insertOrderInvoice } from './order-invoice.repository.ts';

export interface InvoiceIssue {
  orderNo: string;
  /** 发票号码 from the tax system: 8 digits (paper) or 20 (数电票). */
  invoiceNumber: string;
  /** When the tax system issued it; now by default. */
  issuedAt?: number;
  /** Where the member downloads the electronic invoice (PDF): https://… or a path of the store. */
  fileUrl?: string | null;
  now?: number;
}

/**
 * Staff record the invoice issued for a paid order that asked for one (the operations console will
 * call this): once per order, also under racing calls (the unique order_id), never for an unpaid
 * or cancelled order (the order row is held while the invoice is written). The member gets the
 * order's timeline line and an invoice message (type 4).
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
  const kindName = invoiceTypeNames[(JSON.parse(order.invoiceJson) as InvoiceSnapshot).type];
  const issued: IssuedInvoice = { invoiceNumber, issuedAt: issue.issuedAt ?? now, fileUrl };

  await withTransaction(db, async (trx) => {
    if (!(await holdInvoiceableOrder(trx, order.id, now))) throw new AppError(orderErrors.invoiceNotIssuable);
    if (!(await insertOrderInvoice(trx, { orderId: order.id, ...issued, createdAt: now }))) throw new AppError(orderErrors.invoiceAlreadyIssued);
    await insertOrderEvents(trx, [{ orderId: order.id, kind: 'invoiced', text: `${kindName}已开具，发票号码 ${invoiceNumber}`, at: now }]);
    const download = issued.fileUrl ? '，可在订单详情中下载电子发票' : '';
    await sendMessages(trx, [
      {
        userId: order.userId,
        messageType: MessageType.invoice,
        msgContent: `您的订单${order.orderNo}的${kindName}已开具，发票号码${invoiceNumber}${download}。`,
        sendDate: now,
      },
    ]);
    await alongside?.(trx, issued);
  });
  return issued;
}

/** The invoice issued for an order, for its detail page. */
export async function findIssuedInvoice(db: Kysely<Database>, orderId: number): Promise<IssuedInvoice | null> {
  const row = await findOrderInvoice(db, orderId);
  return row ? { invoiceNumber: row.invoiceNumber, issuedAt: row.issuedAt, fileUrl: row.fileUrl } : null;
}
