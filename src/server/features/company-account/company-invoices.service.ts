import type { Kysely } from 'kysely';
import { displayNameOf } from '../../../contract/account.ts';
import { companyErrors, type CompanyRole } from '../../../contract/company-account.ts';
import {
  companyInvoiceExportLimit,
  companyInvoiceExportLimits,
  companyInvoicesPageSize,
  type CompanyInvoiceQuery,
  type CompanyInvoiceRow,
  type CompanyInvoicesData,
} from '../../../contract/company-invoices.ts';
import { requestErrors, type ErrorDefinition } from '../../../contract/errors.ts';
import { invoiceTitleOf, invoiceTypeNames, type InvoiceSnapshot } from '../../../contract/invoice.ts';
import { InvoiceState, invoiceStateLabels, invoiceStateOf } from '../../../contract/invoice-lifecycle.ts';
import { OrderStatus } from '../../../contract/order.ts';
import { endOfBeijingDay, formatBeijingDate, formatBeijingTime, startOfBeijingDay } from '../../../contract/time.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { findCompany, findMembershipPeriods } from './company-account.repository.ts';
import { mayInCompany, membershipOf } from './company-account.service.ts';
import { countInvoicesWithin, findInvoicesWithin, type CompanyInvoiceFilter, type CompanyInvoiceRecord } from './company-invoices.repository.ts';
import { companyInvoicesWorkbook } from './company-invoices.workbook.ts';

/**
 * 公司发票 (issue 28): the invoices asked for with the orders the company's members placed while members, for
 * the roles that read CompanyInvoice (管理员, 财务; company-account-permissions.ts). The page shows a refusal,
 * the call and the export refuse with the company's errors; another company's orders are never in the scope.
 */

interface Buyer {
  name: string;
  roleNow: CompanyRole | null;
}

interface InvoiceScope {
  companyName: string;
  periods: { userId: number; from: number; until: number | null }[];
  buyers: Map<number, Buyer>;
}

async function invoiceScopeOf(db: Kysely<Database>, userId: number): Promise<InvoiceScope | ErrorDefinition> {
  const membership = await membershipOf(db, userId);
  if (membership === null) return companyErrors.notInCompany;
  if (!mayInCompany(membership, 'read', 'CompanyInvoice')) return companyErrors.forbidden;
  const [company, periods] = await Promise.all([findCompany(db, membership.companyId), findMembershipPeriods(db, membership.companyId)]);
  return {
    companyName: company?.name ?? '',
    periods: periods.map((period) => ({ userId: period.userId, from: period.joinedAt, until: period.leftAt })),
    // A member who left and came back has two periods: the open one says their role now.
    buyers: new Map(periods.map((period) => [period.userId, { name: displayNameOf(period), roleNow: period.leftAt === null ? period.role : null }])),
  };
}

function filterOf(query: Pick<CompanyInvoiceQuery, 'state' | 'from' | 'to'>): CompanyInvoiceFilter {
  return {
    state: query.state,
    fromMs: query.from === '' ? null : startOfBeijingDay(query.from),
    toMs: query.to === '' ? null : endOfBeijingDay(query.to),
  };
}

/** 待开票 of an order not yet paid (or waiting for approval): it is issued once paid. */
function stateNoteOf(state: InvoiceState, orderStatus: OrderStatus): string {
  if (state !== InvoiceState.requested) return '';
  return orderStatus === OrderStatus.unpaid || orderStatus === OrderStatus.awaitingApproval ? '付款后开具' : '';
}

function rowOf(record: CompanyInvoiceRecord, buyers: Map<number, Buyer>, viewerId: number): CompanyInvoiceRow {
  const snapshot = JSON.parse(record.invoiceJson ?? '{}') as InvoiceSnapshot;
  const state = invoiceStateOf(record.orderStatus, record.invoiceStatus);
  const buyer = buyers.get(record.userId);
  return {
    orderNo: record.orderNo,
    isMine: record.userId === viewerId,
    placedAtStr: formatBeijingTime(record.createdAt),
    buyerName: buyer?.name ?? '',
    buyerRole: buyer?.roleNow ?? null,
    typeName: invoiceTypeNames[snapshot.type],
    title: invoiceTitleOf(snapshot),
    taxNumber: snapshot.type === 'normal-personal' ? '' : snapshot.taxNumber,
    amountCents: record.payableCents,
    state,
    stateLabel: invoiceStateLabels[state],
    stateNote: stateNoteOf(state, record.orderStatus),
    invoiceNumber: record.invoiceNumber ?? '',
    issuedAtStr: record.issuedAt === null ? '' : formatBeijingTime(record.issuedAt),
    fileUrl: record.fileUrl,
    reversalNumber: record.reversalNumber ?? '',
  };
}

function refusedData(definition: ErrorDefinition, query: CompanyInvoiceQuery): CompanyInvoicesData {
  return { companyName: '', refusal: definition.msg, query, invoices: [], total: 0, pageSize: companyInvoicesPageSize };
}

async function pageOf(db: Kysely<Database>, scope: InvoiceScope, viewerId: number, query: CompanyInvoiceQuery): Promise<CompanyInvoicesData> {
  const filter = filterOf(query);
  const [records, total] = await Promise.all([
    findInvoicesWithin(db, scope.periods, filter, (query.page - 1) * companyInvoicesPageSize, companyInvoicesPageSize),
    countInvoicesWithin(db, scope.periods, filter),
  ]);
  return {
    companyName: scope.companyName,
    refusal: '',
    query,
    invoices: records.map((record) => rowOf(record, scope.buyers, viewerId)),
    total,
    pageSize: companyInvoicesPageSize,
  };
}

/** /user/company/invoices: the list, or why the member may not see it (no company, a role without 公司发票). */
export async function loadCompanyInvoicesPage(db: Kysely<Database>, userId: number, query: CompanyInvoiceQuery): Promise<CompanyInvoicesData> {
  const scope = await invoiceScopeOf(db, userId);
  if (!('periods' in scope)) return refusedData(scope, query);
  return pageOf(db, scope, userId, query);
}

/** companyInvoiceCalls.list: the same list, refused with company.notInCompany or company.forbidden (403). */
export async function listCompanyInvoices(db: Kysely<Database>, userId: number, query: CompanyInvoiceQuery): Promise<CompanyInvoicesData> {
  const scope = await invoiceScopeOf(db, userId);
  if (!('periods' in scope)) throw new AppError(scope);
  return pageOf(db, scope, userId, query);
}

export type CompanyInvoicesFile =
  { kind: 'file'; fileName: string; workbook: Buffer; rowCount: number; isCut: boolean } | { kind: 'refused'; status: 403 | 429; text: string };

/** One export is up to the limit's rows: a member gets `perWindow` of them a window. */
async function takeExport(deps: Pick<ServiceDeps, 'counters'>, userId: number): Promise<boolean> {
  const { perWindow, windowSeconds } = companyInvoiceExportLimits;
  return (await deps.counters.consume(`company-invoice-export:user:${String(userId)}`, perWindow, windowSeconds)).isAllowed;
}

/**
 * 导出Excel: every invoice the filter finds (not just the page), newest first, up to the limit (the file then
 * says it was cut). Refused as the call is (403 with the company's Chinese message), or 429 past the rate.
 */
export async function exportCompanyInvoices(
  deps: Pick<ServiceDeps, 'db' | 'counters'>,
  userId: number,
  query: Pick<CompanyInvoiceQuery, 'state' | 'from' | 'to'>,
  options: { limit?: number; now?: number } = {},
): Promise<CompanyInvoicesFile> {
  const scope = await invoiceScopeOf(deps.db, userId);
  if (!('periods' in scope)) return { kind: 'refused', status: 403, text: scope.msg };
  if (!(await takeExport(deps, userId))) return { kind: 'refused', status: 429, text: requestErrors.tooFrequent.msg };
  const limit = options.limit ?? companyInvoiceExportLimit;
  const records = await findInvoicesWithin(deps.db, scope.periods, filterOf(query), 0, limit + 1);
  const isCut = records.length > limit;
  const rows = records.slice(0, limit).map((record) => rowOf(record, scope.buyers, userId));
  return {
    kind: 'file',
    fileName: `公司发票-${scope.companyName}-${formatBeijingDate(options.now ?? Date.now())}.xlsx`,
    workbook: companyInvoicesWorkbook(rows, { isCut, limit }),
    rowCount: rows.length,
    isCut,
  };
}
