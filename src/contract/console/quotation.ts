// 报价管理 (the console's quotation desk, issue 14): shapes shared by server and browser; zod-free (schemas: quotation-requests.ts).
import type { BomCandidate } from '../bom.ts';
import type { QuotationLine, QuotationStatus } from '../quotation.ts';
import type { QuotationEvent } from '../quotation-lifecycle.ts';
import type { StaffHomePageData } from '../staff.ts';
import type { GridPage } from '../staff-grid.ts';

export const quotationDeskSortColumns = ['createdAt', 'lineCount'] as const;
export type QuotationDeskSortColumn = (typeof quotationDeskSortColumns)[number];

export const quotationDeskPaths = {
  list: '/admin/quotations',
  detail: (quotationId: number) => `/admin/quotations/${String(quotationId)}`,
  /** The grid's Excel export (GET ?q= its filters and sort). */
  export: '/admin/api/quotations/export',
} as const;

/** Days an offer stays valid unless staff choose otherwise. */
export const defaultOfferValidDays = 7;

export const quotationDeskMessages = {
  statusInvalid: '询价状态有误',
  phoneInvalid: '手机号最多11位数字',
  dateInvalid: '日期格式应为 yyyy-MM-dd',
  quotationIdInvalid: '询价单编号有误',
  linesMissing: '请至少为一项物料报价',
  lineInvalid: '报价物料有误',
  productMissing: '请为每个报价物料选择商品',
  unitPriceInvalid: '单价须为大于0的金额（最多4位小数）',
  quantityInvalid: '报价数量须为正整数',
  leadTimeLong: '交期最多20个字',
  validUntilInvalid: '请选择报价有效期（今天以后的日期）',
  staffNoteLong: '备注不能超过500个字',
  reasonMissing: '请填写关闭原因',
  reasonLong: '关闭原因不能超过200个字',
  codeMissing: '请输入型号',
  codeLong: '型号不能超过100个字符',
  sent: '报价已发送，会员将收到报价消息',
  requoted: '已重新报价，会员将收到新的报价消息',
  closed: '询价单已关闭，会员将收到通知',
  quotationsMissing: '请选择询价单',
  bulkTooMany: '一次最多选择100张询价单',
} as const;

/** A row of the quotation desk's grid. */
export interface QuotationDeskRow {
  id: number;
  quotationNo: string;
  status: QuotationStatus;
  statusLabel: string;
  userId: number;
  memberPhone: string;
  lineCount: number;
  /** Lines the member chose a catalogue part for when asking. */
  chosenCount: number;
  totalCents: number | null;
  createdAt: number;
  createdAtStr: string;
  validUntilStr: string;
}

export type QuotationDeskPage = GridPage<QuotationDeskRow>;

/** One requested line with what the catalogue finds for it. */
export interface QuotationDeskLine extends QuotationLine {
  /** The best catalogue match first (the member's own choice when made), then a few alternatives. */
  candidates: BomCandidate[];
  /** Parts that can stand in when nothing matches (or the match is out of stock). */
  substitutes: (BomCandidate & { reason: string })[];
  /** matched: a catalogue part fits; otherwise staff price it by hand. */
  isMatched: boolean;
  /** The part of the current offer, as the catalogue has it now (重新报价 starts from it); null when not offered. */
  offered: BomCandidate | null;
}

export interface QuotationDeskDetail {
  id: number;
  quotationNo: string;
  status: QuotationStatus;
  statusLabel: string;
  memberPhone: string;
  userId: number;
  note: string;
  staffNote: string;
  closeReason: string;
  createdAtStr: string;
  validUntilStr: string;
  totalCents: number | null;
  orderNo: string | null;
  /** How many times it was priced: sent back with 重新报价 and 关闭, so a desk showing an older offer is refused. */
  offerRevision: number;
  /** What this staff member may do now, from the lifecycle (contract/quotation-lifecycle.ts) and their role. */
  allowedEvents: QuotationEvent[];
  /** allowedEvents has quote: 待报价 is priced and sent. */
  canSend: boolean;
  /** allowedEvents has requote: an offer quoted, accepted or expired is priced again with a new validity. */
  canRequote: boolean;
  /** allowedEvents has close. */
  canClose: boolean;
  lines: QuotationDeskLine[];
}

export interface QuotationDeskPageData extends StaffHomePageData {
  initial: QuotationDeskPage;
}

export interface QuotationDetailPageData extends StaffHomePageData {
  detail: QuotationDeskDetail;
  /** yyyy-MM-dd (Beijing) proposed as the offer's last valid day. */
  defaultValidDate: string;
}
