import type { CompanyRole } from './company-account.ts';
import { InvoiceState, invoiceStateLabels } from './invoice-lifecycle.ts';
import { isBeijingDate } from './time.ts';

/**
 * 公司发票 (issue 28): the invoices asked for with the orders the company's members placed while members
 * (decision 0027's periods), for the roles that read them (CompanyInvoice: 管理员, 财务). Each row is one
 * order's invoice in its lifecycle state (invoice-lifecycle.ts). Filtered by state and by a date range,
 * which reads the day it was issued, or the day the order was placed while none was issued.
 */
export const companyInvoicesPath = '/user/company/invoices';
export const companyInvoicesExportPath = '/user/company/invoices/export';

export const companyInvoicesPageSize = 20;

/** Rows in one export; past it the file keeps the newest and says so in its last row. */
export const companyInvoiceExportLimit = 5_000;

/** Exports per member and window (each reads up to the limit's rows). */
export const companyInvoiceExportLimits = { perWindow: 10, windowSeconds: 60 } as const;

/** 全部, or one state of the invoice lifecycle. */
export const companyInvoiceStateFilters = [
  'all',
  InvoiceState.requested,
  InvoiceState.issued,
  InvoiceState.reversalPending,
  InvoiceState.reversed,
  InvoiceState.withdrawn,
] as const;
export type CompanyInvoiceStateFilter = (typeof companyInvoiceStateFilters)[number];

export const companyInvoiceStateFilterLabels: Record<CompanyInvoiceStateFilter, string> = { all: '全部状态', ...invoiceStateLabels };

export function isCompanyInvoiceStateFilter(value: string): value is CompanyInvoiceStateFilter {
  return (companyInvoiceStateFilters as readonly string[]).includes(value);
}

/** What the list shows: state, a Beijing date range (yyyy-MM-dd, '' for open-ended) and the page. */
export interface CompanyInvoiceQuery {
  state: CompanyInvoiceStateFilter;
  from: string;
  to: string;
  page: number;
}

export const defaultCompanyInvoiceQuery: CompanyInvoiceQuery = { state: 'all', from: '', to: '', page: 1 };

export const companyInvoiceMessages = {
  dateInvalid: '请输入正确的日期（如 2026-11-01）',
  rangeReversed: '开始日期不能晚于结束日期',
  stateInvalid: '请选择发票状态',
  pageInvalid: '页码有误',
} as const;

export const maxCompanyInvoicePage = 10_000;

/**
 * The address's query read leniently (the page and the export): an unknown state or a date that is not a
 * real day is left out, a reversed range swapped, so a damaged link still opens the list.
 */
export function readCompanyInvoiceQuery(query: Readonly<Record<string, string | undefined>>): CompanyInvoiceQuery {
  const state = query.state ?? '';
  const dateOf = (text: string | undefined) => (text !== undefined && isBeijingDate(text) ? text : '');
  let [from, to] = [dateOf(query.from), dateOf(query.to)];
  if (from !== '' && to !== '' && from > to) [from, to] = [to, from];
  const pageText = query.page ?? '';
  const page = /^\d{1,5}$/.test(pageText) ? Number(pageText) : 1;
  return {
    state: isCompanyInvoiceStateFilter(state) ? state : 'all',
    from,
    to,
    page: page >= 1 && page <= maxCompanyInvoicePage ? page : 1,
  };
}

function queryString(query: Omit<CompanyInvoiceQuery, 'page'> & { page?: number }): string {
  const params = new URLSearchParams();
  if (query.state !== 'all') params.set('state', query.state);
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  if ((query.page ?? 1) > 1) params.set('page', String(query.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** /user/company/invoices with only the parameters that differ from the defaults. */
export function companyInvoicesUrl(query: Omit<CompanyInvoiceQuery, 'page'> & { page?: number }): string {
  return `${companyInvoicesPath}${queryString(query)}`;
}

/** 导出Excel: every invoice the filter finds (all pages). */
export function companyInvoicesExportUrl(query: Omit<CompanyInvoiceQuery, 'page'>): string {
  return `${companyInvoicesExportPath}${queryString({ state: query.state, from: query.from, to: query.to })}`;
}

export interface CompanyInvoiceRow {
  orderNo: string;
  /** The viewer placed the order: its number links to the order (others' orders are not theirs to open). */
  isMine: boolean;
  placedAtStr: string;
  buyerName: string;
  /** Their role now; null once they left the company. */
  buyerRole: CompanyRole | null;
  /** 个人普通发票, 单位普通发票, 增值税专用发票. */
  typeName: string;
  /** 发票抬头: the person's title or the company's name. */
  title: string;
  /** '' for a personal invoice. */
  taxNumber: string;
  /** The order's payable, in cents. */
  amountCents: number;
  state: InvoiceState;
  stateLabel: string;
  /** Beside 待开票 while the order is not paid yet ('' otherwise). */
  stateNote: string;
  /** '' until issued. */
  invoiceNumber: string;
  issuedAtStr: string;
  /** The electronic invoice (PDF), when staff gave one. */
  fileUrl: string | null;
  reversalNumber: string;
}

/** /user/company/invoices and companyInvoiceCalls.list. */
export interface CompanyInvoicesData {
  /** '' without a company or when refused. */
  companyName: string;
  /** Why the member may not see them ('' when they may): no company, or a role without 公司发票. */
  refusal: string;
  query: CompanyInvoiceQuery;
  invoices: CompanyInvoiceRow[];
  total: number;
  pageSize: number;
}
