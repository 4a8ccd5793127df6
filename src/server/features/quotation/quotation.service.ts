import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { MessageType } from '../../../contract/message.ts';
import {
  cancellableQuotationStatuses,
  quotationErrors,
  quotationLimits,
  quotationListPageSize,
  quotationSettlementPath,
  QuotationStatus,
  quotationStatusLabels,
  type QuotationAcceptResponse,
  type QuotationDetail,
  type QuotationLine,
  type QuotationListData,
} from '../../../contract/quotation.ts';
import type { quotationRequests } from '../../../contract/quotation-requests.ts';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import type { CounterStore } from '../../http/counter-store.ts';
import { formatSendDate, sendMessages } from '../message/message.service.ts';
import {
  claimQuotation,
  countQuotationsByStatus,
  expireDue,
  findQuotationLines,
  findQuotationOfMember,
  findQuotationPage,
  insertQuotation,
  insertQuotationLines,
  isQuotationNoConflict,
} from './quotation.repository.ts';
import type { QuotationLineRow, QuotationRow } from './quotation.tables.ts';
import { assertMemberBom } from '../bom/bom.service.ts';

export type QuotationRequest = z.output<(typeof quotationRequests)['request']>;

export interface QuotationDeps {
  db: Kysely<Database>;
  counters: CounterStore;
}

const quotationNoAttempts = 8;
const hourSeconds = 3600;

/** Q + yymmdd (Beijing date) + 8 random digits: readable on the phone, unique by its index (a clash is drawn again). */
export function newQuotationNo(now: number): string {
  const date = new Date(now + 8 * 3_600_000).toISOString().slice(2, 10).replaceAll('-', '');
  return `Q${date}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

/** Text placed inside message HTML: every character HTML gives a meaning to is escaped. */
export function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
}

/** Quoted or accepted but past its validity (the sweeper may not have claimed it yet): shown and treated as expired. */
function effectiveStatus(row: QuotationRow, now: number): QuotationStatus {
  const isLive = row.status === QuotationStatus.quoted || row.status === QuotationStatus.accepted;
  return isLive && row.validUntil !== null && row.validUntil < now ? QuotationStatus.expired : row.status;
}

function toLine(row: QuotationLineRow): QuotationLine {
  const hasOffer = row.offerProductId !== null && row.offerUnitPriceE4 !== null && row.offerQuantity !== null;
  return {
    id: row.id,
    lineNo: row.lineNo,
    partNumber: row.partNumber,
    brand: row.brand,
    package: row.package,
    quantity: row.quantity,
    remark: row.remark,
    productId: row.productId,
    offer: hasOffer
      ? {
          productId: row.offerProductId ?? 0,
          productCode: row.offerProductCode ?? '',
          productName: row.offerProductName ?? '',
          brandName: row.offerBrandName ?? '',
          package: row.offerPackage ?? '',
          unitPriceE4: row.offerUnitPriceE4 ?? 0,
          quantity: row.offerQuantity ?? 0,
          amountCents: row.offerAmountCents ?? 0,
          leadTime: row.offerLeadTime ?? '',
        }
      : null,
  };
}

export function toQuotationDetail(row: QuotationRow, lines: readonly QuotationLineRow[], now: number): QuotationDetail {
  const status = effectiveStatus(row, now);
  return {
    id: row.id,
    quotationNo: row.quotationNo,
    status,
    statusLabel: quotationStatusLabels[status],
    note: row.note,
    staffNote: row.staffNote,
    lineCount: row.lineCount,
    createdAt: row.createdAt,
    createdAtStr: formatSendDate(row.createdAt),
    quotedAt: row.quotedAt,
    validUntil: row.validUntil,
    validUntilStr: row.validUntil === null ? '' : formatSendDate(row.validUntil),
    totalCents: row.totalCents,
    orderNo: row.orderNo,
    closeReason: row.closeReason,
    canAccept: status === QuotationStatus.quoted,
    canCancel: cancellableQuotationStatuses.includes(status),
    canCheckout: status === QuotationStatus.accepted,
    lines: lines.map(toLine),
  };
}

function requestMessageHtml(quotationNo: string, request: QuotationRequest): string {
  const shown = request.lines.slice(0, 5).map((line) => `<li>${escapeHtml(line.partNumber)} × ${String(line.quantity)}</li>`);
  const more = request.lines.length > shown.length ? `<li>等 ${String(request.lines.length)} 项</li>` : '';
  return (
    `<p>您的询价单 <strong>${escapeHtml(quotationNo)}</strong> 已提交，共 ${String(request.lines.length)} 项，我们将在 1 个工作日内报价。</p>` +
    `<ul>${shown.join('')}${more}</ul><p>报价后可在 会员中心 › 我的询价（/user/quotation）查看并接受报价。</p>`
  );
}

/** Stores a request and its lines (待报价) and tells the member by a BOM message; limited per member per hour. */
export async function requestQuotation(deps: QuotationDeps, userId: number, request: QuotationRequest, now = Date.now()): Promise<{ quotationId: number }> {
  if (request.bomId !== undefined) await assertMemberBom(deps, userId, request.bomId);
  const spent = await deps.counters.consume(`quotation:request:${String(userId)}`, quotationLimits.requestsPerHour, hourSeconds, now);
  if (!spent.isAllowed) throw new AppError(quotationErrors.tooFrequent);
  for (let attempt = 0; ; attempt++) {
    const quotationNo = newQuotationNo(now);
    try {
      return await withTransaction(deps.db, async (trx) => {
        const quotationId = await insertQuotation(trx, {
          quotationNo,
          userId,
          bomId: request.bomId ?? null,
          status: QuotationStatus.pending,
          note: request.note,
          lineCount: request.lines.length,
          totalCents: null,
          quotedAt: null,
          validUntil: null,
          acceptedAt: null,
          orderedAt: null,
          orderNo: null,
          createdAt: now,
          updatedAt: now,
        });
        await insertQuotationLines(
          trx,
          request.lines.map((line) => ({
            quotationId,
            lineNo: line.lineNo,
            partNumber: line.partNumber,
            brand: line.brand,
            package: line.package,
            quantity: line.quantity,
            remark: line.remark,
            productId: line.productId ?? null,
          })),
        );
        await sendMessages(trx, [{ userId, messageType: MessageType.bom, msgContent: requestMessageHtml(quotationNo, request), sendDate: now }]);
        return { quotationId };
      });
    } catch (error) {
      if (attempt + 1 >= quotationNoAttempts || !isQuotationNoConflict(error)) throw error;
    }
  }
}

export async function listQuotations(
  db: Kysely<Database>,
  userId: number,
  query: { status: QuotationStatus | null; page: number },
  now = Date.now(),
): Promise<QuotationListData> {
  // The member's offers past their validity become 已过期 as they are read, so the tabs' counts agree with the cards.
  await expireDue(db, now, userId);
  const offset = (query.page - 1) * quotationListPageSize;
  const [rows, counts] = await Promise.all([findQuotationPage(db, userId, query.status, offset, quotationListPageSize), countQuotationsByStatus(db, userId)]);
  const lines = await findQuotationLines(
    db,
    rows.map((row) => row.id),
  );
  return {
    status: query.status,
    page: query.page,
    pageSize: quotationListPageSize,
    total: query.status === null ? Object.values(counts).reduce((sum, count) => sum + count, 0) : counts[query.status],
    quotations: rows.map((row) =>
      toQuotationDetail(
        row,
        lines.filter((line) => line.quotationId === row.id),
        now,
      ),
    ),
    counts,
  };
}

async function ownQuotationOrThrow(db: Kysely<Database>, userId: number, quotationId: number): Promise<QuotationRow> {
  const row = await findQuotationOfMember(db, userId, quotationId);
  if (!row) throw new AppError(quotationErrors.notFound);
  return row;
}

/** Another member's quotation is not found. */
export async function loadQuotationDetail(db: Kysely<Database>, userId: number, quotationId: number, now = Date.now()): Promise<QuotationDetail> {
  const row = await ownQuotationOrThrow(db, userId, quotationId);
  return toQuotationDetail(row, await findQuotationLines(db, [row.id]), now);
}

/**
 * The owner accepts a quoted offer before its validity date (one conditional update). Accepting an
 * offer already accepted and still valid answers the same settlement address (a second click).
 */
export async function acceptQuotation(db: Kysely<Database>, userId: number, quotationId: number, now = Date.now()): Promise<QuotationAcceptResponse> {
  const settlementUrl = quotationSettlementPath(quotationId);
  const isAccepted = await claimQuotation(
    db,
    quotationId,
    { from: [QuotationStatus.quoted], userId, validAt: now },
    { status: QuotationStatus.accepted, acceptedAt: now, updatedAt: now },
  );
  if (isAccepted) return { settlementUrl };
  const row = await ownQuotationOrThrow(db, userId, quotationId);
  const status = effectiveStatus(row, now);
  if (status === QuotationStatus.accepted) return { settlementUrl };
  if (status === QuotationStatus.expired) throw new AppError(quotationErrors.expired);
  if (status === QuotationStatus.ordered) throw new AppError(quotationErrors.alreadyOrdered);
  throw new AppError(quotationErrors.notQuoted);
}

export async function cancelQuotation(db: Kysely<Database>, userId: number, quotationId: number, now = Date.now()): Promise<QuotationDetail> {
  const isCancelled = await claimQuotation(
    db,
    quotationId,
    { from: cancellableQuotationStatuses, userId },
    { status: QuotationStatus.cancelled, updatedAt: now },
  );
  if (!isCancelled) {
    await ownQuotationOrThrow(db, userId, quotationId);
    throw new AppError(quotationErrors.notCancellable);
  }
  return loadQuotationDetail(db, userId, quotationId, now);
}

/** An accepted offer's lines as checkout takes them: its products, quantities and quoted unit prices. */
export interface QuotationCheckout {
  quotationId: number;
  quotationNo: string;
  lines: { productId: number; quantity: number; unitPriceE4: number }[];
}

/** Only the owner's accepted, still valid offer checks out; anything else answers why not. */
export async function loadQuotationCheckout(db: Kysely<Database>, userId: number, quotationId: number, now = Date.now()): Promise<QuotationCheckout> {
  const row = await ownQuotationOrThrow(db, userId, quotationId);
  const status = effectiveStatus(row, now);
  if (status === QuotationStatus.ordered) throw new AppError(quotationErrors.alreadyOrdered);
  if (status === QuotationStatus.expired) throw new AppError(quotationErrors.expired);
  if (status !== QuotationStatus.accepted) throw new AppError(quotationErrors.notAccepted);
  const lines = await findQuotationLines(db, [row.id]);
  return {
    quotationId: row.id,
    quotationNo: row.quotationNo,
    lines: lines.flatMap((line) =>
      line.offerProductId !== null && line.offerQuantity !== null && line.offerUnitPriceE4 !== null
        ? [{ productId: line.offerProductId, quantity: line.offerQuantity, unitPriceE4: line.offerUnitPriceE4 }]
        : [],
    ),
  };
}

/**
 * Inside the order's transaction: the accepted offer becomes ordered, once. The conditional update
 * is the guard: a second placement (another key, another process) finds it ordered and rolls back.
 */
export async function markQuotationOrdered(trx: Kysely<Database>, userId: number, quotationId: number, orderNo: string, now = Date.now()): Promise<void> {
  const isOrdered = await claimQuotation(
    trx,
    quotationId,
    { from: [QuotationStatus.accepted], userId, validAt: now },
    { status: QuotationStatus.ordered, orderedAt: now, orderNo, updatedAt: now },
  );
  if (!isOrdered) throw new AppError(quotationErrors.alreadyOrdered);
}
