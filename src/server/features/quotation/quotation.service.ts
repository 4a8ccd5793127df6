import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { MessageType } from '../../../contract/message.ts';
import { ActorKind, allowedEvents, buyer, targetOf, type Actor } from '../../../contract/lifecycle.ts';
import {
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
import {
  buyerQuotationButtons,
  effectiveQuotationStatus,
  quotationFactsOf,
  quotationLifecycle,
  type QuotationEvent,
} from '../../../contract/quotation-lifecycle.ts';
import type { z } from 'zod';
import { formatBeijingDateStamp, formatBeijingTime } from '../../../contract/time.ts';
import type { Database } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import type { CounterStore } from '../../http/counter-store.ts';
import { sendMessages } from '../message/message.service.ts';
import {
  claimQuotation,
  countQuotationsByStatus,
  expireDue,
  findQuotationById,
  findQuotationLines,
  findQuotationOfMember,
  findQuotationPage,
  insertQuotation,
  insertQuotationLines,
  isQuotationNoConflict,
} from './quotation.repository.ts';
import type { QuotationLineRow, QuotationRow } from './quotation.tables.ts';
import { assertQuotationAllowed, moveQuotation, type QuotationSeen } from './quotation-transition.ts';
import { claimFrom } from '../../lifecycle/lifecycle-guard.ts';
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
  const date = formatBeijingDateStamp(now);
  return `Q${date}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

/** Text placed inside message HTML: every character HTML gives a meaning to is escaped. */
export function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
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

/**
 * A quotation as pages show it, with what `actor` may do now (the member by default; the console
 * passes the staff member): the lifecycle's allowed events, of which a page shows its own buttons.
 */
export function toQuotationDetail(row: QuotationRow, lines: readonly QuotationLineRow[], now: number, actor: Actor = buyer): QuotationDetail {
  const status = effectiveQuotationStatus(row, now);
  const events = allowedEvents(quotationLifecycle, quotationFactsOf(row, now), actor);
  const buttons: QuotationEvent[] = actor.kind === ActorKind.buyer ? events.filter((event) => buyerQuotationButtons.includes(event)) : events;
  return {
    id: row.id,
    quotationNo: row.quotationNo,
    status,
    statusLabel: quotationStatusLabels[status],
    note: row.note,
    staffNote: row.staffNote,
    lineCount: row.lineCount,
    createdAt: row.createdAt,
    createdAtStr: formatBeijingTime(row.createdAt),
    quotedAt: row.quotedAt,
    validUntil: row.validUntil,
    validUntilStr: row.validUntil === null ? '' : formatBeijingTime(row.validUntil),
    totalCents: row.totalCents,
    orderNo: row.orderNo,
    closeReason: row.closeReason,
    offerRevision: row.offerRevision,
    allowedEvents: buttons,
    canAccept: buttons.includes('accept'),
    canCancel: buttons.includes('cancel'),
    canCheckout: buttons.includes('order'),
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
  await expireDue(db, now, { userId });
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
 * The owner accepts a quoted offer before its validity date (one conditional update from the state
 * the page showed). Accepting an offer already accepted and still valid, at the revision the page
 * showed, answers the same settlement address (a second click).
 */
export async function acceptQuotation(
  db: Kysely<Database>,
  userId: number,
  quotationId: number,
  now = Date.now(),
  seen: QuotationSeen = {},
): Promise<QuotationAcceptResponse> {
  const settlementUrl = quotationSettlementPath(quotationId);
  const row = await ownQuotationOrThrow(db, userId, quotationId);
  const isSecondClick =
    effectiveQuotationStatus(row, now) === QuotationStatus.accepted &&
    (seen.revision === undefined || seen.revision === row.offerRevision) &&
    (seen.from === undefined || seen.from === QuotationStatus.quoted || seen.from === QuotationStatus.accepted);
  if (isSecondClick) return { settlementUrl };
  await withTransaction(db, (trx) => moveQuotation(trx, { quotationId, event: 'accept', now, actor: buyer, userId, seen, changes: { acceptedAt: now } }));
  return { settlementUrl };
}

/** The member withdraws a request or an offer not yet ordered. */
export async function cancelQuotation(
  db: Kysely<Database>,
  userId: number,
  quotationId: number,
  now = Date.now(),
  seen: QuotationSeen = {},
): Promise<QuotationDetail> {
  await withTransaction(db, (trx) => moveQuotation(trx, { quotationId, event: 'cancel', now, actor: buyer, userId, seen }));
  return loadQuotationDetail(db, userId, quotationId, now);
}

/** An accepted offer's lines as checkout takes them: its products, quantities, quoted unit prices and lead times. */
export interface QuotationCheckout {
  quotationId: number;
  quotationNo: string;
  lines: { productId: number; quantity: number; unitPriceE4: number; leadTime: string }[];
}

/** Only the owner's accepted, still valid offer checks out (the lifecycle's 下单); anything else answers why not. */
export async function loadQuotationCheckout(db: Kysely<Database>, userId: number, quotationId: number, now = Date.now()): Promise<QuotationCheckout> {
  const row = await ownQuotationOrThrow(db, userId, quotationId);
  assertQuotationAllowed('order', quotationFactsOf(row, now), buyer);
  const lines = await findQuotationLines(db, [row.id]);
  return {
    quotationId: row.id,
    quotationNo: row.quotationNo,
    lines: lines.flatMap((line) =>
      line.offerProductId !== null && line.offerQuantity !== null && line.offerUnitPriceE4 !== null
        ? [{ productId: line.offerProductId, quantity: line.offerQuantity, unitPriceE4: line.offerUnitPriceE4, leadTime: line.offerLeadTime ?? '' }]
        : [],
    ),
  };
}

/**
 * Inside the order's transaction: the accepted offer becomes ordered, once (the lifecycle's 下单).
 * The conditional update is the guard: a second placement (another key, another process) finds it
 * ordered and rolls back.
 */
export async function markQuotationOrdered(trx: Kysely<Database>, userId: number, quotationId: number, orderNo: string, now = Date.now()): Promise<void> {
  await moveQuotation(trx, { quotationId, event: 'order', now, actor: buyer, userId, changes: { orderedAt: now, orderNo } });
}

function lapsedMessageHtml(row: QuotationRow, orderNo: string, isValid: boolean): string {
  const head = `<p>您的订单 <strong>${escapeHtml(orderNo)}</strong> 未付款已取消，报价单 <strong>${escapeHtml(row.quotationNo)}</strong> `;
  return isValid && row.validUntil !== null
    ? `${head}已恢复为已报价，报价有效期至 ${formatBeijingTime(row.validUntil)}。</p><p>请在有效期内到 会员中心 › 我的询价（/user/quotation）接受报价并重新下单。</p>`
    : `${head}已过报价有效期。</p><p>如仍需购买，请联系客服重新报价或重新询价（会员中心 › 我的询价：/user/quotation）。</p>`;
}

/**
 * The order placed from an offer was cancelled or expired before payment (the lead's order
 * transition calls this inside that transaction): the offer is given back, 已报价 while still
 * valid, else 已过期, and the member is told by an offer message. Once: a quotation no longer
 * ordered as `orderNo` (already given back, or ordered again) is left alone.
 */
export async function reopenQuotationOfLapsedOrder(
  trx: Kysely<Database>,
  { quotationId, orderNo, now }: { quotationId: number; orderNo: string; now: number },
): Promise<void> {
  const row = await findQuotationById(trx, quotationId);
  if (row?.status !== QuotationStatus.ordered || row.orderNo !== orderNo) return;
  const facts = quotationFactsOf(row, now);
  const event: QuotationEvent = facts.isValid ? 'orderLapsed' : 'orderLapsedExpired';
  const isMoved = await claimQuotation(
    trx,
    quotationId,
    { from: claimFrom(quotationLifecycle, event), orderNo, validAt: facts.isValid ? now : undefined },
    { status: targetOf(quotationLifecycle, event, row.status), orderNo: null, orderedAt: null, acceptedAt: null, updatedAt: now },
  );
  if (!isMoved) return;
  await sendMessages(trx, [{ userId: row.userId, messageType: MessageType.offer, msgContent: lapsedMessageHtml(row, orderNo, facts.isValid), sendDate: now }]);
}
