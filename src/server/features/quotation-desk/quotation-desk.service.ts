import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  endOfBeijingDay,
  quotationDeskMessages,
  type QuotationDeskDetail,
  type QuotationDeskLine,
  type QuotationDeskPage,
  type QuotationDeskRow,
} from '../../../contract/admin-quotation.ts';
import type { quotationDeskRequests } from '../../../contract/admin-quotation-requests.ts';
import type { BomCandidate, BomLineInput } from '../../../contract/bom.ts';
import { formatBeijingTime } from '../../../contract/coupon.ts';
import { requestErrors } from '../../../contract/errors.ts';
import { QuotationStatus, quotationStatusLabels } from '../../../contract/quotation.ts';
import type { StaffIdentity } from '../../../contract/staff.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { matchBomLineInputs } from '../bom/bom.service.ts';
import { toQuotationDetail } from '../quotation/quotation.service.ts';
import { closeQuotation, loadQuotationForStaff, priceQuotation, type QuotationChange, type QuotationChangeHook } from '../quotation/quotation-staff.service.ts';
import type { QuotationLineRow, QuotationRow } from '../quotation/quotation.tables.ts';
import type { SearchService } from '../search/search.service.ts';
import { recordStaffChange } from '../staff/audit.service.ts';
import { findMemberPhone, findQuotationDeskExportRows, findQuotationDeskPage } from './quotation-desk.repository.ts';

type Requests = typeof quotationDeskRequests;

export interface QuotationDeskDeps {
  db: Kysely<Database>;
  search: SearchService;
}

/** Who changes something, and from where: the audit entry's who and IP. */
export interface StaffActor {
  staff: StaffIdentity;
  ip: string;
}

const beijingOffsetMs = 8 * 3_600_000;

function beijingDayStart(date: string | undefined): number | undefined {
  if (!date) return undefined;
  const ms = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(ms) ? undefined : ms - beijingOffsetMs;
}

function effectiveStatus(row: { status: QuotationStatus; validUntil: number | null }, now: number): QuotationStatus {
  const isLive = row.status === QuotationStatus.quoted || row.status === QuotationStatus.accepted;
  return isLive && row.validUntil !== null && row.validUntil < now ? QuotationStatus.expired : row.status;
}

/** 报价管理's grid: filters by state, member phone, number and creation dates (Beijing), sorted by creation or line count. */
function deskQueryOf(filters: z.output<Requests['list']>['filters']) {
  const toStart = beijingDayStart(filters.to);
  return {
    status: filters.status,
    phone: filters.phone,
    quotationNo: filters.quotationNo,
    fromMs: beijingDayStart(filters.from),
    toMs: toStart === undefined ? undefined : toStart + 86_400_000,
  };
}

type QuotationDeskListRow = Awaited<ReturnType<typeof findQuotationDeskPage>>['rows'][number];

function deskRowOf(row: QuotationDeskListRow, now: number): QuotationDeskRow {
  const status = effectiveStatus(row, now);
  return {
    id: row.id,
    quotationNo: row.quotationNo,
    status,
    statusLabel: quotationStatusLabels[status],
    userId: row.userId,
    memberPhone: row.memberPhone,
    lineCount: row.lineCount,
    chosenCount: Number(row.chosenCount ?? 0),
    totalCents: row.totalCents,
    createdAt: row.createdAt,
    createdAtStr: formatBeijingTime(row.createdAt),
    validUntilStr: row.validUntil === null ? '' : formatBeijingTime(row.validUntil),
  };
}

export async function listQuotationDesk(db: Kysely<Database>, query: z.output<Requests['list']>, now = Date.now()): Promise<QuotationDeskPage> {
  const page = await findQuotationDeskPage(db, deskQueryOf(query.filters), query);
  return { ...page, rows: page.rows.map((row) => deskRowOf(row, now)) };
}

/** The grid's filter and order as rows for the Excel export. */
export async function exportQuotationDesk(
  db: Kysely<Database>,
  query: Pick<z.output<Requests['list']>, 'filters' | 'sort'>,
  now = Date.now(),
): Promise<QuotationDeskRow[]> {
  const rows = await findQuotationDeskExportRows(db, deskQueryOf(query.filters), query.sort);
  return rows.map((row) => deskRowOf(row, now));
}

function lineInputOf(line: QuotationLineRow): BomLineInput {
  return {
    lineNo: line.lineNo,
    sourceRows: [],
    query: { mpn: line.partNumber, storeCode: '', value: '', description: '', package: line.package, brand: line.brand },
    designators: [],
    quantityPerBoard: line.quantity,
    requiredQuantity: line.quantity,
    isNotFitted: false,
    notes: [],
  };
}

/** The member's own choice first when the catalogue found it. */
function memberChoiceFirst(candidates: BomCandidate[], productId: number | null): BomCandidate[] {
  const chosen = candidates.find((candidate) => candidate.productId === productId);
  return chosen ? [chosen, ...candidates.filter((candidate) => candidate !== chosen)] : candidates;
}

/** One quotation for the desk: its lines with the catalogue's matches (one batched match for all lines), the member's phone. */
export async function loadQuotationDeskDetail(deps: QuotationDeskDeps, quotationId: number, now = Date.now()): Promise<QuotationDeskDetail> {
  const { row, lines } = await loadQuotationForStaff(deps.db, quotationId);
  const detail = toQuotationDetail(row, lines, now);
  const [matched, memberPhone] = await Promise.all([matchBomLineInputs(deps, lines.map(lineInputOf)), findMemberPhone(deps.db, row.userId)]);
  const deskLines: QuotationDeskLine[] = detail.lines.map((line, index) => {
    const match = matched.lines[index];
    const candidates = memberChoiceFirst(match?.candidates ?? [], line.productId);
    return {
      ...line,
      candidates,
      substitutes: match?.substitutes ?? [],
      isMatched: (line.productId !== null && candidates[0]?.productId === line.productId) || match?.status === 'exact',
    };
  });
  return {
    id: row.id,
    quotationNo: row.quotationNo,
    status: detail.status,
    statusLabel: detail.statusLabel,
    memberPhone,
    userId: row.userId,
    note: row.note,
    staffNote: row.staffNote,
    closeReason: row.closeReason,
    createdAtStr: detail.createdAtStr,
    validUntilStr: detail.validUntilStr,
    totalCents: row.totalCents,
    orderNo: row.orderNo,
    canSend: row.status === QuotationStatus.pending,
    canClose: [QuotationStatus.pending, QuotationStatus.quoted, QuotationStatus.accepted].some((status) => status === row.status),
    lines: deskLines,
  };
}

/** Catalogue parts for a code staff type (a substitute): matched as a BOM line is, best first. */
export async function lookupPartForQuotation(deps: QuotationDeskDeps, request: z.output<Requests['lookupPart']>): Promise<BomCandidate[]> {
  const input: BomLineInput = {
    lineNo: 1,
    sourceRows: [],
    query: { mpn: request.code, storeCode: '', value: '', description: '', package: '', brand: '' },
    designators: [],
    quantityPerBoard: request.quantity,
    requiredQuantity: request.quantity,
    isNotFitted: false,
    notes: [],
  };
  const matched = await matchBomLineInputs(deps, [input]);
  return matched.lines[0]?.candidates ?? [];
}

/** What the audit keeps of a quotation: its state and offer, not the member's lines. */
function auditView(row: QuotationRow) {
  const { status, totalCents, validUntil, staffNote, closeReason, quotedAt, closedAt } = row;
  return { status, totalCents, validUntil, staffNote, closeReason, quotedAt, closedAt };
}

function auditHook(actor: StaffActor, action: string, extra: (change: QuotationChange) => object = () => ({})): QuotationChangeHook {
  return (trx, change) =>
    recordStaffChange(trx, {
      staff: actor.staff,
      action,
      subject: 'Quotation',
      subjectId: change.after.id,
      before: auditView(change.before),
      after: { ...auditView(change.after), ...extra(change) },
      ip: actor.ip,
    });
}

/**
 * Sends the offer: the lines staff priced (the match or a substitute, unit price, quantity, lead
 * time) valid to the end of the chosen Beijing day. priceQuotation's conditional update decides
 * between two staff sending at once; the audit entry is written in its transaction.
 */
export async function sendQuotationOffer(
  deps: QuotationDeskDeps,
  actor: StaffActor,
  request: z.output<Requests['send']>,
  now = Date.now(),
): Promise<QuotationDeskDetail> {
  const validUntil = endOfBeijingDay(request.validDate);
  if (!Number.isFinite(validUntil) || validUntil <= now) throw new AppError(requestErrors.invalid, quotationDeskMessages.validUntilInvalid);
  await priceQuotation(
    deps.db,
    request.quotationId,
    { lines: request.lines, validUntil, staffNote: request.staffNote },
    now,
    auditHook(actor, 'sendOffer', () => ({ lines: request.lines })),
  );
  return loadQuotationDeskDetail(deps, request.quotationId, now);
}

/** Rejects the request or closes the offer with the reason the member is told (a BOM message). */
export async function closeQuotationByStaff(
  deps: QuotationDeskDeps,
  actor: StaffActor,
  request: z.output<Requests['close']>,
  now = Date.now(),
): Promise<QuotationDeskDetail> {
  await closeQuotation(deps.db, request.quotationId, request.reason, now, auditHook(actor, 'close'));
  return loadQuotationDeskDetail(deps, request.quotationId, now);
}
