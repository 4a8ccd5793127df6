import type { Kysely } from 'kysely';
import { MessageType } from '../../../contract/message.ts';
import { amountCentsOf, formatUnitPriceE4 } from '../../../contract/money.ts';
import { formatCents } from '../../../contract/pricing.ts';
import type { Actor } from '../../../contract/lifecycle.ts';
import { quotationErrors, quotationLimits, QuotationStatus } from '../../../contract/quotation.ts';
import { quotationFactsOf, type QuotationEvent } from '../../../contract/quotation-lifecycle.ts';
import { isPackMultiple } from '../../../contract/rules.ts';
import { formatBeijingTime } from '../../../contract/time.ts';
import type { Database } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { loadProductSummaries } from '../catalog/product.service.ts';
import { sendMessages } from '../message/message.service.ts';
import { clearLineOffers, expireDue, findQuotationById, findQuotationLines, updateLineOffer } from './quotation.repository.ts';
import { escapeHtml } from './quotation.service.ts';
import type { QuotationLineRow, QuotationRow } from './quotation.tables.ts';
import { assertQuotationAllowed, moveQuotation, type QuotationChange, type QuotationSeen } from './quotation-transition.ts';

export type { QuotationChange } from './quotation-transition.ts';

/**
 * What staff do to quotations (the console's quotation desk calls these): price a pending request
 * (报价), price an offer again (重新报价), close it, and let offers past their validity expire, each
 * by the quotation's lifecycle (quotation-transition.ts). The member is told of an offer by an offer
 * message (type 5, HTML sanitised when shown).
 */

export interface OfferLineInput {
  lineId: number;
  productId: number;
  unitPriceE4: number;
  quantity: number;
  /** 现货, 2-3周…; '' or absent: not given. */
  leadTime?: string;
}

/** Runs inside the change's transaction once the change is made (the console audits there). */
export type QuotationChangeHook = (trx: Kysely<Database>, change: QuotationChange) => Promise<void>;

export interface OfferInput {
  lines: readonly OfferLineInput[];
  /** The offer's last valid moment, epoch ms; must be in the future. */
  validUntil: number;
  staffNote?: string;
}

/** Who acts (the console's staff member with their role's ability) and what their desk showed. */
export interface StaffMoveContext {
  actor?: Actor;
  seen?: QuotationSeen;
}

interface PricedOfferLine extends OfferLineInput {
  productCode: string;
  productName: string;
  brandName: string;
  package: string;
  amountCents: number;
}

function isPositiveInteger(value: number, max: number): boolean {
  return Number.isInteger(value) && value > 0 && value <= max;
}

/** Each line offered once, a known product once, a positive price, a pack-multiple quantity. */
async function pricedLinesOrThrow(db: Kysely<Database>, quotation: QuotationRow, offer: OfferInput, now: number): Promise<PricedOfferLine[]> {
  const staffNote = offer.staffNote ?? '';
  const isOfferValid =
    offer.lines.length > 0 &&
    Number.isInteger(offer.validUntil) &&
    offer.validUntil > now &&
    Array.from(staffNote).length <= quotationLimits.staffNoteMax &&
    new Set(offer.lines.map((line) => line.lineId)).size === offer.lines.length &&
    new Set(offer.lines.map((line) => line.productId)).size === offer.lines.length &&
    offer.lines.every(
      (line) =>
        isPositiveInteger(line.unitPriceE4, 1_000_000_000) &&
        isPositiveInteger(line.quantity, quotationLimits.quantityMax) &&
        Array.from(line.leadTime ?? '').length <= quotationLimits.leadTimeMax,
    );
  if (!isOfferValid) throw new AppError(quotationErrors.pricingInvalid);
  const lineIds = new Set((await findQuotationLines(db, [quotation.id])).map((line) => line.id));
  const products = new Map(
    (
      await loadProductSummaries(
        db,
        offer.lines.map((line) => line.productId),
      )
    ).map((product) => [product.productId, product]),
  );
  return offer.lines.map((line) => {
    const product = products.get(line.productId);
    if (!lineIds.has(line.lineId) || !product || !isPackMultiple(line.quantity, product.packSize)) throw new AppError(quotationErrors.pricingInvalid);
    return {
      ...line,
      productCode: product.code,
      productName: product.description,
      brandName: product.brandName,
      package: product.package,
      amountCents: amountCentsOf(line.unitPriceE4, line.quantity),
    };
  });
}

function offerMessageHtml(
  quotation: QuotationRow,
  lines: readonly PricedOfferLine[],
  totalCents: number,
  validUntil: number,
  staffNote: string,
  isRequote: boolean,
): string {
  const rows = lines.map(
    (line) =>
      `<tr><td>${escapeHtml(line.productCode)}</td><td>${escapeHtml(line.brandName)}</td><td>${String(line.quantity)}</td>` +
      `<td>${formatUnitPriceE4(line.unitPriceE4)}</td><td>${formatCents(line.amountCents)}</td><td>${escapeHtml(line.leadTime?.trim() ? line.leadTime.trim() : '—')}</td></tr>`,
  );
  const note = staffNote === '' ? '' : `<p>备注：${escapeHtml(staffNote)}</p>`;
  return (
    `<p>您的询价单 <strong>${escapeHtml(quotation.quotationNo)}</strong> ${isRequote ? '已重新报价（以本次报价为准）' : '已报价'}，共 ${String(lines.length)} 项，合计 <strong>${formatCents(totalCents)}</strong>，` +
    `报价有效期至 ${formatBeijingTime(validUntil)}。</p>` +
    `<table><thead><tr><th>型号</th><th>品牌</th><th>数量</th><th>单价</th><th>小计</th><th>交期</th></tr></thead><tbody>${rows.join('')}</tbody></table>` +
    `${note}<p>请在有效期内到 会员中心 › 我的询价（/user/quotation）接受报价并下单。</p>`
  );
}

async function writeOffer(
  db: Kysely<Database>,
  event: Extract<QuotationEvent, 'quote' | 'requote'>,
  quotationId: number,
  offer: OfferInput,
  now: number,
  onChange: QuotationChangeHook | undefined,
  context: StaffMoveContext,
): Promise<QuotationRow> {
  const quotation = await findQuotationById(db, quotationId);
  if (!quotation) throw new AppError(quotationErrors.notFound);
  assertQuotationAllowed(event, quotationFactsOf(quotation, now), context.actor);
  const lines = await pricedLinesOrThrow(db, quotation, offer, now);
  const totalCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  const staffNote = (offer.staffNote ?? '').trim();
  const isRequote = event === 'requote';
  await withTransaction(db, async (trx) => {
    const change = await moveQuotation(trx, {
      quotationId: quotation.id,
      event,
      now,
      actor: context.actor,
      seen: context.seen,
      changes: { totalCents, quotedAt: now, validUntil: offer.validUntil, staffNote, acceptedAt: null },
      isRepriced: true,
    });
    if (isRequote) await clearLineOffers(trx, quotation.id);
    for (const line of lines) {
      await updateLineOffer(trx, quotation.id, line.lineId, {
        offerProductId: line.productId,
        offerProductCode: line.productCode,
        offerProductName: line.productName,
        offerBrandName: line.brandName,
        offerPackage: line.package,
        offerUnitPriceE4: line.unitPriceE4,
        offerQuantity: line.quantity,
        offerAmountCents: line.amountCents,
        offerLeadTime: line.leadTime?.trim() ?? '',
      });
    }
    await sendMessages(trx, [
      {
        userId: quotation.userId,
        messageType: MessageType.offer,
        msgContent: offerMessageHtml(quotation, lines, totalCents, offer.validUntil, staffNote, isRequote),
        sendDate: now,
      },
    ]);
    if (onChange) await onChange(trx, change);
  });
  const priced = await findQuotationById(db, quotation.id);
  if (!priced) throw new AppError(quotationErrors.notFound);
  return priced;
}

/**
 * Prices a pending request (the lifecycle's 报价): each offered line's product (the match or a
 * substitute), unit price, quantity and lead time, the validity date. One conditional update moves
 * it 待报价 → 已报价, so two staff pricing at once make one offer (and one message); `onChange` runs
 * in that transaction.
 */
export function priceQuotation(
  db: Kysely<Database>,
  quotationId: number,
  offer: OfferInput,
  now = Date.now(),
  onChange?: QuotationChangeHook,
  context: StaffMoveContext = {},
): Promise<QuotationRow> {
  return writeOffer(db, 'quote', quotationId, offer, now, onChange, context);
}

/**
 * Prices an offer again (重新报价) while it is quoted, accepted or expired: the new lines, prices,
 * lead times and validity replace the old (lines left out are no longer offered); an accepted offer
 * must be accepted again at the new prices. The page's revision guards against pricing over a
 * colleague's newer offer.
 */
export function requoteQuotation(
  db: Kysely<Database>,
  quotationId: number,
  offer: OfferInput,
  now = Date.now(),
  onChange?: QuotationChangeHook,
  context: StaffMoveContext = {},
): Promise<QuotationRow> {
  return writeOffer(db, 'requote', quotationId, offer, now, onChange, context);
}

function closeMessageHtml(quotation: QuotationRow, reason: string): string {
  const what = quotation.status === QuotationStatus.pending ? '询价单' : '报价单';
  return (
    `<p>您的${what} <strong>${escapeHtml(quotation.quotationNo)}</strong> 已关闭。</p><p>原因：${escapeHtml(reason)}</p>` +
    `<p>如有疑问请联系客服，或修改 BOM 后重新询价（会员中心 › 我的询价：/user/quotation）。</p>`
  );
}

/**
 * Rejects a pending request or closes an offer (quoted, accepted or expired, not ordered), with the
 * reason the member is told by a BOM message (type 1). One conditional update decides: a close
 * racing an offer or an order changes one of them, and the loser is told it is no longer open.
 */
export async function closeQuotation(
  db: Kysely<Database>,
  quotationId: number,
  reason: string,
  now = Date.now(),
  onChange?: QuotationChangeHook,
  context: StaffMoveContext = {},
): Promise<QuotationRow> {
  const closeReason = reason.trim();
  if (closeReason === '' || Array.from(closeReason).length > quotationLimits.closeReasonMax)
    throw new AppError(quotationErrors.pricingInvalid, '请填写关闭原因（200字以内）');
  const quotation = await findQuotationById(db, quotationId);
  if (!quotation) throw new AppError(quotationErrors.notFound);
  await withTransaction(db, async (trx) => {
    const change = await moveQuotation(trx, {
      quotationId: quotation.id,
      event: 'close',
      now,
      actor: context.actor,
      seen: context.seen,
      changes: { closeReason, closedAt: now },
    });
    await sendMessages(trx, [
      { userId: quotation.userId, messageType: MessageType.bom, msgContent: closeMessageHtml(change.before, closeReason), sendDate: now },
    ]);
    if (onChange) await onChange(trx, change);
  });
  const closed = await findQuotationById(db, quotation.id);
  if (!closed) throw new AppError(quotationErrors.notFound);
  return closed;
}

/**
 * Offers (quoted or accepted) past their validity become 已过期 (the lifecycle's expire), claimed in
 * one statement, so whichever process runs it, each expires once. The claimed quotations.
 */
export function expireQuotations(db: Kysely<Database>, now = Date.now()): Promise<{ id: number; userId: number; quotationNo: string }[]> {
  return expireDue(db, now);
}

/** A quotation and its lines, whoever owns it (the console's detail). */
export async function loadQuotationForStaff(db: Kysely<Database>, quotationId: number): Promise<{ row: QuotationRow; lines: QuotationLineRow[] }> {
  const row = await findQuotationById(db, quotationId);
  if (!row) throw new AppError(quotationErrors.notFound);
  return { row, lines: await findQuotationLines(db, [row.id]) };
}
