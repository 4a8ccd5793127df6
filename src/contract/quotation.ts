import { ResultCode } from './envelope.ts';
import { defineErrors } from './errors.ts';

/**
 * Quotation requests (询价) and offers (报价), issue 11: a member sends BOM lines to the store,
 * staff price them with a validity date, the member accepts the offer and checks it out at the
 * quoted prices (/offer/settlement?quotationId=N).
 */
export const QuotationStatus = {
  /** 待报价: sent, staff have not priced it yet. */
  pending: 'pending',
  /** 已报价: priced, valid until validUntil. */
  quoted: 'quoted',
  /** 已接受: the member accepted the offer and may check it out once. */
  accepted: 'accepted',
  /** 已下单: an order was placed from it (back to 已报价 or 已过期 if that order is cancelled unpaid). */
  ordered: 'ordered',
  /** 已过期: the offer's validity date passed before it was ordered (staff may price it again). */
  expired: 'expired',
  /** 已取消: withdrawn by the member; final. */
  cancelled: 'cancelled',
  /** 已关闭: staff rejected the request or closed the offer, with a reason; final. */
  closed: 'closed',
} as const;
export type QuotationStatus = (typeof QuotationStatus)[keyof typeof QuotationStatus];

/** The events of the quotation's lifecycle (quotation-lifecycle.ts declares each; its table must name exactly these). */
export const quotationEvents = ['quote', 'requote', 'accept', 'order', 'orderLapsed', 'orderLapsedExpired', 'expire', 'cancel', 'close'] as const;
export type QuotationEvent = (typeof quotationEvents)[number];

export const quotationStatuses = [
  QuotationStatus.pending,
  QuotationStatus.quoted,
  QuotationStatus.accepted,
  QuotationStatus.ordered,
  QuotationStatus.expired,
  QuotationStatus.cancelled,
  QuotationStatus.closed,
] as const;

export const quotationStatusLabels: Record<QuotationStatus, string> = {
  pending: '待报价',
  quoted: '已报价',
  accepted: '已接受',
  ordered: '已下单',
  expired: '已过期',
  cancelled: '已取消',
  closed: '已关闭',
};

export function isQuotationStatus(value: string): value is QuotationStatus {
  return (quotationStatuses as readonly string[]).includes(value);
}

export const quotationLimits = {
  linesMax: 500,
  noteMax: 500,
  partNumberMax: 100,
  brandMax: 100,
  packageMax: 100,
  remarkMax: 200,
  quantityMax: 1_000_000,
  staffNoteMax: 500,
  leadTimeMax: 20,
  closeReasonMax: 200,
  /** Requests a member may send per hour. */
  requestsPerHour: 10,
} as const;

/** Quotations per page of /user/quotation. */
export const quotationListPageSize = 10;

export const quotationMessages = {
  linesMissing: '请至少选择一项需要询价的物料',
  tooManyLines: `一次最多询价${String(quotationLimits.linesMax)}项`,
  lineInvalid: '询价物料有误',
  partNumberMissing: '请填写型号',
  partNumberLong: `型号不能超过${String(quotationLimits.partNumberMax)}个字符`,
  quantityInvalid: `数量须为 1 至 ${String(quotationLimits.quantityMax)} 的整数`,
  noteLong: `备注不能超过${String(quotationLimits.noteMax)}个字`,
  remarkLong: `物料备注不能超过${String(quotationLimits.remarkMax)}个字`,
  statusInvalid: '询价状态有误',
  requested: '询价单已提交，我们将在 1 个工作日内报价',
  cancelled: '询价单已取消',
} as const;

export const quotationErrors = defineErrors('quotation', {
  notFound: { code: ResultCode.notFound, msg: '询价单不存在' },
  notQuoted: { code: ResultCode.conflict, msg: '该询价单尚未报价或已处理，不能接受' },
  expired: { code: ResultCode.conflict, msg: '报价已过有效期，请重新询价' },
  notAccepted: { code: ResultCode.conflict, msg: '请先接受报价再结算' },
  alreadyOrdered: { code: ResultCode.conflict, msg: '该报价已下单，不能重复结算' },
  notCancellable: { code: ResultCode.conflict, msg: '该询价单当前状态不可取消' },
  notPending: { code: ResultCode.conflict, msg: '该询价单已报价或已结束，不能再报价' },
  notClosable: { code: ResultCode.conflict, msg: '该询价单已下单或已结束，不能关闭' },
  pricingInvalid: { code: ResultCode.badRequest, msg: '报价内容有误' },
  tooFrequent: { code: ResultCode.tooManyRequests, msg: '询价过于频繁，请稍后再试' },
});

/** One requested line, with the staff's price once quoted. */
export interface QuotationLine {
  id: number;
  lineNo: number;
  partNumber: string;
  brand: string;
  package: string;
  quantity: number;
  remark: string;
  /** The product the member had chosen, if any. */
  productId: number | null;
  /** The offer for this line (null until quoted, or when staff could not offer it). */
  offer: QuotationLineOffer | null;
}

export interface QuotationLineOffer {
  productId: number;
  productCode: string;
  productName: string;
  brandName: string;
  package: string;
  unitPriceE4: number;
  quantity: number;
  amountCents: number;
  /** The delivery time quoted (现货, 2-3周…); '' when not given. */
  leadTime: string;
}

export interface QuotationSummary {
  id: number;
  quotationNo: string;
  status: QuotationStatus;
  statusLabel: string;
  note: string;
  staffNote: string;
  lineCount: number;
  createdAt: number;
  createdAtStr: string;
  quotedAt: number | null;
  /** The offer's last valid moment (epoch ms); null until quoted. */
  validUntil: number | null;
  /** yyyy-MM-dd HH:mm (Beijing), '' until quoted. */
  validUntilStr: string;
  /** The offer's goods amount in cents; null until quoted. */
  totalCents: number | null;
  /** The order placed from the offer. */
  orderNo: string | null;
  /** Why staff closed it (已关闭); '' otherwise. */
  closeReason: string;
  /** How many times staff priced it (0 while 待报价): a page acting on an older offer is refused. */
  offerRevision: number;
  /** What the member may do now, from the lifecycle (contract/quotation-lifecycle.ts): the page's buttons. */
  allowedEvents: QuotationEvent[];
  /** allowedEvents has accept: quoted and still valid. */
  canAccept: boolean;
  /** allowedEvents has cancel. */
  canCancel: boolean;
  /** allowedEvents has order: accepted and still valid, /offer/settlement opens. */
  canCheckout: boolean;
}

export interface QuotationDetail extends QuotationSummary {
  lines: QuotationLine[];
}

export interface QuotationListData {
  status: QuotationStatus | null;
  page: number;
  pageSize: number;
  total: number;
  quotations: QuotationDetail[];
  counts: Record<QuotationStatus, number>;
}

export interface QuotationAcceptResponse {
  settlementUrl: string;
}

export const quotationPaths = {
  list: '/user/quotation',
  settlement: '/offer/settlement',
} as const;

export function quotationSettlementPath(quotationId: number): string {
  return `${quotationPaths.settlement}?quotationId=${String(quotationId)}`;
}

/** /user/quotation telling why an offer could not be checked out (the settlement page sends the member back here). */
export function quotationProblemPath(errorCode: string): string {
  return `${quotationPaths.list}?problem=${encodeURIComponent(errorCode)}`;
}

/** The message of a quotation.* errorCode from ?problem=, '' for anything else. */
export function quotationProblemText(errorCode: string | undefined): string {
  const entry = Object.values(quotationErrors).find((candidate) => candidate.errorCode === errorCode);
  return entry?.msg ?? '';
}
