import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  quotationDeskMessages,
  type QuotationDeskDetail,
  type QuotationDeskLine,
  type QuotationDeskPage,
  type QuotationDeskRow,
} from '../../../contract/console/quotation.ts';
import type { quotationDeskRequests } from '../../../contract/console/quotation-requests.ts';
import type { BomCandidate, BomLineInput } from '../../../contract/bom.ts';
import { requestErrors } from '../../../contract/errors.ts';
import { quotationStatusLabels } from '../../../contract/quotation.ts';
import { effectiveQuotationStatus, staffQuotationButtons } from '../../../contract/quotation-lifecycle.ts';
import type { StaffIdentity } from '../../../contract/staff.ts';
import { dayMs, endOfBeijingDay, formatBeijingTime, startOfBeijingDay } from '../../../contract/time.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { matchBomLineInputs } from '../bom/bom.service.ts';
import { toQuotationDetail } from '../quotation/quotation.service.ts';
import {
  closeQuotation,
  loadQuotationForStaff,
  priceQuotation,
  requoteQuotation,
  type QuotationChange,
  type QuotationChangeHook,
} from '../quotation/quotation-staff.service.ts';
import type { QuotationLineRow, QuotationRow } from '../quotation/quotation.tables.ts';
import type { SearchService } from '../search/search.service.ts';
import { recordStaffChange } from '../staff/audit.service.ts';
import { staffActorOf } from '../staff/staff-actor.ts';
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

/** The first millisecond of a Beijing day the desk's filter names; undefined for none. */
function beijingDayStart(date: string | undefined): number | undefined {
  const ms = date ? startOfBeijingDay(date) : Number.NaN;
  return Number.isNaN(ms) ? undefined : ms;
}

/** 报价管理's grid: filters by state, member phone, number and creation dates (Beijing), sorted by creation or line count. */
function deskQueryOf(filters: z.output<Requests['list']>['filters']) {
  const toStart = beijingDayStart(filters.to);
  return {
    status: filters.status,
    phone: filters.phone,
    quotationNo: filters.quotationNo,
    fromMs: beijingDayStart(filters.from),
    toMs: toStart === undefined ? undefined : toStart + dayMs,
  };
}

type QuotationDeskListRow = Awaited<ReturnType<typeof findQuotationDeskPage>>['rows'][number];

function deskRowOf(row: QuotationDeskListRow, now: number): QuotationDeskRow {
  const status = effectiveQuotationStatus(row, now);
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

/** A part code looked up as a BOM line is matched. */
function codeInputOf(code: string, quantity: number, lineNo = 1): BomLineInput {
  return {
    lineNo,
    sourceRows: [],
    query: { mpn: code, storeCode: '', value: '', description: '', package: '', brand: '' },
    designators: [],
    quantityPerBoard: quantity,
    requiredQuantity: quantity,
    isNotFitted: false,
    notes: [],
  };
}

/** The member's own choice first when the catalogue found it. */
function memberChoiceFirst(candidates: BomCandidate[], productId: number | null): BomCandidate[] {
  const chosen = candidates.find((candidate) => candidate.productId === productId);
  return chosen ? [chosen, ...candidates.filter((candidate) => candidate !== chosen)] : candidates;
}

/**
 * One quotation for the desk: its lines with the catalogue's matches (one batched match for all
 * lines), the member's phone, and what `staff` may do now (the lifecycle's events for their role).
 */
export async function loadQuotationDeskDetail(
  deps: QuotationDeskDeps,
  quotationId: number,
  staff: StaffIdentity,
  now = Date.now(),
): Promise<QuotationDeskDetail> {
  const { row, lines } = await loadQuotationForStaff(deps.db, quotationId);
  const detail = toQuotationDetail(row, lines, now, staffActorOf(staff));
  const events = detail.allowedEvents.filter((event) => staffQuotationButtons.includes(event));
  const [matched, memberPhone] = await Promise.all([matchBomLineInputs(deps, lines.map(lineInputOf)), findMemberPhone(deps.db, row.userId)]);
  const choicesOf = (index: number) => [...(matched.lines[index]?.candidates ?? []), ...(matched.lines[index]?.substitutes ?? [])];
  // An offered part staff found by code (not among the line's matches) is looked up again by its code, all such lines at once.
  const unlisted = detail.lines.flatMap((line, index) =>
    line.offer && !choicesOf(index).some((part) => part.productId === line.offer?.productId) ? [line] : [],
  );
  const found =
    unlisted.length === 0
      ? { lines: [] }
      : await matchBomLineInputs(
          deps,
          unlisted.map((line, index) => codeInputOf(line.offer?.productCode ?? '', line.offer?.quantity ?? 1, index + 1)),
        );
  const deskLines: QuotationDeskLine[] = detail.lines.map((line, index) => {
    const match = matched.lines[index];
    const candidates = memberChoiceFirst(match?.candidates ?? [], line.productId);
    const lookedUp = found.lines[unlisted.indexOf(line)]?.candidates ?? [];
    const offered = line.offer ? ([...choicesOf(index), ...lookedUp].find((part) => part.productId === line.offer?.productId) ?? null) : null;
    return {
      ...line,
      candidates,
      substitutes: match?.substitutes ?? [],
      isMatched: (line.productId !== null && candidates[0]?.productId === line.productId) || match?.status === 'exact',
      offered,
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
    offerRevision: row.offerRevision,
    allowedEvents: events,
    canSend: events.includes('quote'),
    canRequote: events.includes('requote'),
    canClose: events.includes('close'),
    lines: deskLines,
  };
}

/** Catalogue parts for a code staff type (a substitute): matched as a BOM line is, best first. */
export async function lookupPartForQuotation(deps: QuotationDeskDeps, request: z.output<Requests['lookupPart']>): Promise<BomCandidate[]> {
  const matched = await matchBomLineInputs(deps, [codeInputOf(request.code, request.quantity)]);
  return matched.lines[0]?.candidates ?? [];
}

/** What the audit keeps of a quotation: its state and offer, not the member's lines. */
function auditView(row: QuotationRow) {
  const { status, totalCents, validUntil, staffNote, closeReason, quotedAt, closedAt, offerRevision } = row;
  return { status, totalCents, validUntil, staffNote, closeReason, quotedAt, closedAt, offerRevision };
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

function validUntilOrThrow(validDate: string, now: number): number {
  const validUntil = endOfBeijingDay(validDate);
  if (!Number.isFinite(validUntil) || validUntil <= now) throw new AppError(requestErrors.invalid, quotationDeskMessages.validUntilInvalid);
  return validUntil;
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
  const validUntil = validUntilOrThrow(request.validDate, now);
  await priceQuotation(
    deps.db,
    request.quotationId,
    { lines: request.lines, validUntil, staffNote: request.staffNote },
    now,
    auditHook(actor, 'sendOffer', () => ({ lines: request.lines })),
    { actor: staffActorOf(actor.staff), seen: { from: request.from, revision: request.revision } },
  );
  return loadQuotationDeskDetail(deps, request.quotationId, actor.staff, now);
}

/** 重新报价: an offer quoted, accepted or expired priced again with a new validity, from the offer the desk showed; audited. */
export async function requoteQuotationOffer(
  deps: QuotationDeskDeps,
  actor: StaffActor,
  request: z.output<Requests['requote']>,
  now = Date.now(),
): Promise<QuotationDeskDetail> {
  const validUntil = validUntilOrThrow(request.validDate, now);
  await requoteQuotation(
    deps.db,
    request.quotationId,
    { lines: request.lines, validUntil, staffNote: request.staffNote },
    now,
    auditHook(actor, 'requote', () => ({ lines: request.lines })),
    { actor: staffActorOf(actor.staff), seen: { from: request.from, revision: request.revision } },
  );
  return loadQuotationDeskDetail(deps, request.quotationId, actor.staff, now);
}

/** Rejects the request or closes the offer with the reason the member is told (a BOM message). */
export async function closeQuotationByStaff(
  deps: QuotationDeskDeps,
  actor: StaffActor,
  request: z.output<Requests['close']>,
  now = Date.now(),
): Promise<QuotationDeskDetail> {
  await closeQuotation(deps.db, request.quotationId, request.reason, now, auditHook(actor, 'close'), {
    actor: staffActorOf(actor.staff),
    seen: { from: request.from, revision: request.revision },
  });
  return loadQuotationDeskDetail(deps, request.quotationId, actor.staff, now);
}
