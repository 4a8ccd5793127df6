import { requestErrors } from '../../../contract/errors.ts';
import { hasOrderDocuments, noOrderDocumentsMessage, orderDocumentFileName, type OrderDocumentKind } from '../../../contract/order-documents.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { chargeWork, takeWorkSlice, type WorkBudget } from '../../work/work-budget.ts';
import { findMemberContact } from '../account/account.service.ts';
import { readHeldFacts } from '../site-facts/site-facts.service.ts';
import type { OrderDocumentInput, OrderDocumentSeller } from './order-document-pdf.ts';
import type { OrderDocumentWork } from './order-document-work.ts';
import { loadOrderDetail } from './order.service.ts';

/**
 * An order's 订单确认单 or 形式发票 (contract/order-documents.ts) for its own member: the order as its detail page
 * shows it, the seller's facts from the one source of site facts and the 对公转账 account, drawn in a worker thread
 * within the address's minute of CPU for documents (ORDER_DOCUMENT_ADDRESS_CPU_MS_PER_MINUTE).
 */

export interface OrderDocumentDeps extends ServiceDeps {
  drawDocument: OrderDocumentWork;
}

export interface OrderDocumentRequest {
  userId: number;
  /** Whose CPU budget and share of the threads pay for it. */
  address: string;
  orderNo: string;
  kind: OrderDocumentKind;
}

/** The PDF and its file name, or the plain-text answer of a download that draws none (status and Chinese text). */
export type OrderDocumentResult = { kind: 'pdf'; pdf: Buffer; fileName: string } | { kind: 'refused'; status: number; text: string };

const dayMs = 86_400_000;
const fontMissingText = '单据暂时无法生成（服务器缺少中文字体），请稍后再试或联系客服';

export function orderDocumentBudgetKey(address: string): string {
  return `order-document-cpu:ip:${address}`;
}

async function sellerOf(deps: ServiceDeps): Promise<OrderDocumentSeller> {
  const facts = await readHeldFacts(deps.db, deps.config);
  const warehouse = facts.warehouses[0];
  return {
    siteName: facts.siteName,
    hotline: facts.hotline,
    address: warehouse ? `${warehouse.address}（${warehouse.name}）` : '',
    bank: { ...deps.config.payments.bank },
  };
}

/** Another member's order is order.notFound, as on its page: nothing of it shows. */
export async function drawOrderDocument(deps: OrderDocumentDeps, request: OrderDocumentRequest, now = Date.now()): Promise<OrderDocumentResult> {
  const order = await loadOrderDetail(deps.db, request.userId, request.orderNo, now);
  if (!hasOrderDocuments(order.status)) return { kind: 'refused', status: 409, text: noOrderDocumentsMessage(order.status) };
  const budget: WorkBudget = { key: orderDocumentBudgetKey(request.address), cpuMsPerMinute: deps.config.orderDocumentCpuMsPerMinute };
  if (!(await takeWorkSlice(deps.counters, budget))) return { kind: 'refused', status: 429, text: requestErrors.tooFrequent.msg };
  const [seller, contact] = await Promise.all([sellerOf(deps), findMemberContact(deps.db, request.userId)]);
  const input: OrderDocumentInput = {
    kind: request.kind,
    seller,
    buyer: contact ?? { name: '', phone: '' },
    order,
    bankTransferDeadline: order.createdAt + deps.config.payments.bankTransferWindowDays * dayMs,
    issuedAt: now,
  };
  const drawn = await deps.drawDocument(request.address, { font: deps.config.pdfFont, input });
  await chargeWork(deps.counters, budget, drawn.cpuMs);
  switch (drawn.kind) {
    case 'pdf':
      return {
        kind: 'pdf',
        pdf: Buffer.from(drawn.bytes.buffer, drawn.bytes.byteOffset, drawn.bytes.byteLength),
        fileName: orderDocumentFileName(order.orderNo, request.kind),
      };
    case 'fontMissing':
      // Said in the log, never as a PDF without its Chinese text.
      deps.logger.warn({ err: { message: drawn.message } }, 'Order document PDF without its font');
      return { kind: 'refused', status: 503, text: fontMissingText };
    case 'ownerBusy':
      return { kind: 'refused', status: 429, text: requestErrors.tooFrequent.msg };
    case 'busy':
    case 'tooCostly':
      return { kind: 'refused', status: 503, text: requestErrors.busy.msg };
  }
}
