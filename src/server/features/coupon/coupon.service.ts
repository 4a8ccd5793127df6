import type { Kysely, Transaction } from 'kysely';
import {
  couponErrors,
  couponLimits,
  isMyCouponTab,
  validityOnClaim,
  type CentreCoupon,
  type ClaimCouponResponse,
  type CouponCentreData,
  type CouponDraft,
  type CouponTerms,
  type DraftCoupon,
  type MemberCoupon,
  type MyCouponsData,
  type MyCouponTab,
  type NewMemberPackData,
} from '../../../contract/coupon.ts';
import { combinationProblem, combinedDiscount, couponProblem, soloDiscountCents } from '../../../contract/coupon-combination.ts';
import { MessageType } from '../../../contract/message.ts';
import { formatBeijingTime } from '../../../contract/time.ts';
import type { Database } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import type { Visitor } from '../../http/session.ts';
import { createVisitorMemo } from '../../http/visitor-memo.ts';
import { sendMessages } from '../message/message.service.ts';
import {
  countClaims,
  countCouponsByTab,
  findCentreTemplates,
  findCouponsByIds,
  findCouponsOfTab,
  findGrantableTemplate,
  findGrantTemplateByName,
  findMarketingSetting,
  findPackCouponsOf,
  findPackTemplates,
  findTemplate,
  findUnusedCoupons,
  hasPackCoupons,
  insertMemberCoupons,
  markCouponsUsed,
  releaseCouponsOf,
  takeFromStock,
  type CouponTemplateRow,
  type MemberCouponRow,
} from './coupon.repository.ts';

function termsOf(row: CouponTemplateRow | MemberCouponRow): CouponTerms {
  const { kind, faceValueCents, thresholdCents, scope, scopeId, scopeParentId, scopeName } = row;
  return { kind, faceValueCents, thresholdCents, scope, scopeId, scopeParentId, scopeName };
}

/** Runs the work in the caller's transaction when given one, else in a new one (Kysely cannot nest them). */
function inTransaction<T>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : withTransaction(db, work);
}

// ——— The coupon centre ———

function centreCouponOf(template: CouponTemplateRow, myClaimedCount: number, now: number): CentreCoupon {
  const isSoldOut = template.totalStock !== null && template.claimedCount >= template.totalStock;
  const state = template.claimFrom > now ? 'notStarted' : myClaimedCount >= template.perMemberLimit ? 'claimed' : isSoldOut ? 'soldOut' : 'claimable';
  return {
    ...termsOf(template),
    templateId: template.id,
    name: template.name,
    validFrom: template.validFrom,
    validUntil: template.validUntil,
    validDays: template.validDays,
    claimFrom: template.claimFrom,
    claimUntil: template.claimUntil,
    totalStock: template.totalStock,
    claimedCount: template.claimedCount,
    perMemberLimit: template.perMemberLimit,
    myClaimedCount,
    state,
  };
}

/** /coupon: every coupon being handed out, with what this member holds of each. */
export async function loadCouponCentre(db: Kysely<Database>, userId: number | null, now = Date.now()): Promise<CouponCentreData> {
  const templates = await findCentreTemplates(db, now);
  const claims =
    userId === null
      ? new Map<number, number>()
      : await countClaims(
          db,
          userId,
          templates.map((template) => template.id),
        );
  return { isLogin: userId !== null, coupons: templates.map((template) => centreCouponOf(template, claims.get(template.id) ?? 0, now)) };
}

/** Why a claim took nothing from the stock, in the order a member would want to hear it. */
async function refusalOf(db: Kysely<Database>, template: CouponTemplateRow, userId: number, now: number): Promise<AppError> {
  if (template.claimFrom > now) return new AppError(couponErrors.claimNotStarted, `领券活动未开始，请于${formatBeijingTime(template.claimFrom)}后再来`);
  const isOver = (template.claimUntil !== null && template.claimUntil <= now) || (template.validUntil !== null && template.validUntil <= now);
  if (isOver) return new AppError(couponErrors.claimEnded);
  if ((await heldOf(db, userId, template.id)) >= template.perMemberLimit) return alreadyClaimed(template.perMemberLimit);
  return new AppError(couponErrors.soldOut);
}

async function heldOf(db: Kysely<Database>, userId: number, templateId: number): Promise<number> {
  return (await countClaims(db, userId, [templateId])).get(templateId) ?? 0;
}

function alreadyClaimed(limit: number): AppError {
  return limit > 1 ? new AppError(couponErrors.alreadyClaimed, `每人限领${String(limit)}张，您已领完`) : new AppError(couponErrors.alreadyClaimed);
}

/**
 * A member claims a centre coupon. In one transaction: one conditional update takes it from the
 * stock (concurrent claims of the last one: one wins, the rows' lock queues the rest on
 * PostgreSQL), then the member's count is checked against the limit and the coupon inserted with
 * the next claim number, unique per member and template, so racing claims of one member stop at
 * the limit too. Any refusal rolls the stock back.
 */
export async function claimCoupon(db: Kysely<Database>, userId: number, templateId: number, now = Date.now()): Promise<ClaimCouponResponse> {
  await withTransaction(db, async (trx) => {
    const template = await findTemplate(trx, templateId);
    if (template?.isInCentre !== 1) throw new AppError(couponErrors.notFound);
    if (!(await takeFromStock(trx, templateId, now))) throw await refusalOf(trx, template, userId, now);
    const held = await heldOf(trx, userId, templateId);
    if (held >= template.perMemberLimit) throw alreadyClaimed(template.perMemberLimit);
    const coupon = { templateId, userId, claimNo: held + 1, source: 'centre' as const, claimedAt: now, ...validityOnClaim(template, now) };
    if ((await insertMemberCoupons(trx, [coupon])).length === 0) throw alreadyClaimed(template.perMemberLimit);
  });
  const template = await findTemplate(db, templateId);
  if (!template) throw new AppError(couponErrors.notFound);
  return { coupon: centreCouponOf(template, await heldOf(db, userId, templateId), now) };
}

// ——— The new-member pack ———

/**
 * Grants the new-member pack once: one insert of its coupons with claim number 1, skipped by
 * the unique key when the member has them, so a second (or concurrent) grant adds nothing and
 * sends nothing. Runs inside the caller's transaction when given one (registration). Returns
 * how many coupons were granted.
 */
export async function grantNewMemberPack(db: Kysely<Database>, userId: number, now: number): Promise<number> {
  return inTransaction(db, async (trx) => {
    const templates = await findPackTemplates(trx);
    const granted = await insertMemberCoupons(
      trx,
      templates.map((template) => ({
        templateId: template.id,
        userId,
        claimNo: 1,
        source: 'newMemberPack' as const,
        claimedAt: now,
        ...validityOnClaim(template, now),
      })),
    );
    if (granted.length > 0) {
      const names = templates.map((template) => template.name.replace(/^新人专享券\s*/, '')).join('、');
      const msgContent = `新人礼包已到账：${names}，共${String(granted.length)}张优惠券已放入您的账户，可在“我的优惠券”中查看和使用。`;
      await sendMessages(trx, [{ userId, messageType: MessageType.order, msgContent, sendDate: now }]);
    }
    return granted.length;
  });
}

/**
 * Grants one coupon of the template named `templateName` (outside the centre; no stock taken) as
 * one of the store's grants. `grantKey` is the coupon's claim number: a second grant with the same
 * key (a retry, a concurrent payment) adds nothing. Runs in the caller's transaction. Answers the new
 * coupon, or null when there is no such template or the key was granted already.
 */
export async function grantCouponByName(
  db: Kysely<Database>,
  grant: { userId: number; templateName: string; grantKey: number; now: number },
): Promise<{ memberCouponId: number; name: string } | null> {
  const template = await findGrantTemplateByName(db, grant.templateName);
  if (!template) return null;
  const [memberCouponId] = await insertMemberCoupons(db, [
    { templateId: template.id, userId: grant.userId, claimNo: grant.grantKey, source: 'staff', claimedAt: grant.now, ...validityOnClaim(template, grant.now) },
  ]);
  return memberCouponId === undefined ? null : { memberCouponId, name: template.name };
}

/** The marketing_settings key of the invite reward's template id ('' : no reward coupon). */
export const inviteRewardSettingKey = 'inviteRewardTemplateId';

/**
 * The invite reward's template as staff set it on the marketing desk, or, until they have, the
 * template the configuration names (INVITE_REWARD_COUPON). Null: no reward coupon (none set, or it
 * was stopped or moved into the centre). Read at each use, so every process sees a change at once.
 * Its threshold (满) is the invite reward's least order unless INVITE_REWARD_MIN_ORDER_CENTS says otherwise.
 */
export async function findInviteRewardTemplate(
  db: Kysely<Database>,
  configuredName: string,
): Promise<{ id: number; name: string; thresholdCents: number } | null> {
  const setting = await findMarketingSetting(db, inviteRewardSettingKey);
  const template =
    setting === undefined ? await findGrantTemplateByName(db, configuredName) : setting === '' ? undefined : await findGrantableTemplate(db, Number(setting));
  return template ? { id: template.id, name: template.name, thresholdCents: template.thresholdCents } : null;
}

/** Grants the invite reward (see findInviteRewardTemplate) as grantCouponByName does: once per grant key. */
export async function grantInviteReward(
  db: Kysely<Database>,
  grant: { userId: number; configuredName: string; grantKey: number; now: number },
): Promise<{ memberCouponId: number; name: string } | null> {
  const reward = await findInviteRewardTemplate(db, grant.configuredName);
  const template = reward ? await findTemplate(db, reward.id) : undefined;
  if (!template) return null;
  const [memberCouponId] = await insertMemberCoupons(db, [
    { templateId: template.id, userId: grant.userId, claimNo: grant.grantKey, source: 'staff', claimedAt: grant.now, ...validityOnClaim(template, grant.now) },
  ]);
  return memberCouponId === undefined ? null : { memberCouponId, name: template.name };
}

export function hasNewMemberPack(db: Kysely<Database>, userId: number): Promise<boolean> {
  return hasPackCoupons(db, userId);
}

const newMemberPackOfRequest = createVisitorMemo<boolean>();

/** hasNewMemberPack of the request's member (false for a visitor), read once per request: the home page and its shell both ask. */
export function visitorHasNewMemberPack(db: Kysely<Database>, visitor: Visitor): Promise<boolean> {
  const userId = visitor.userId;
  if (userId === null) return Promise.resolve(false);
  return newMemberPackOfRequest(visitor, () => hasPackCoupons(db, userId));
}

function statusOf(row: MemberCouponRow, now: number): MyCouponTab {
  if (row.usedOrderId !== null) return 'used';
  return row.validUntil <= now ? 'expired' : 'unused';
}

function memberCouponOf(row: MemberCouponRow, now: number): MemberCoupon {
  return {
    ...termsOf(row),
    memberCouponId: row.id,
    templateId: row.templateId,
    name: row.name,
    source: row.source,
    claimedAt: row.claimedAt,
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    usedOrderId: row.usedOrderId,
    usedAt: row.usedAt,
    status: statusOf(row, now),
  };
}

/** /serve/advantage: the pack as advertised, and what this member received of it. */
export async function loadNewMemberPack(db: Kysely<Database>, userId: number | null, now = Date.now()): Promise<NewMemberPackData> {
  const [templates, received] = await Promise.all([findPackTemplates(db), userId === null ? [] : findPackCouponsOf(db, userId)]);
  const pack = templates
    .map((template) => ({ ...termsOf(template), templateId: template.id, name: template.name, validDays: template.validDays }))
    .sort((a, b) => b.faceValueCents - a.faceValueCents);
  return { isLogin: userId !== null, pack, received: received.map((row) => memberCouponOf(row, now)), now };
}

// ——— My coupons ———

export interface MyCouponsQuery {
  tab: MyCouponTab;
  page: number;
}

/** Reads /user/coupon's query leniently: anything odd is the first page of the unused tab. */
export function parseMyCouponsQuery(query: Readonly<Record<string, string | undefined>>): MyCouponsQuery {
  const page = Number(query.page);
  return { tab: isMyCouponTab(query.tab) ? query.tab : 'unused', page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1 };
}

/** How many of the member's coupons each /user/coupon tab holds, without reading any page of them. */
export function countMyCoupons(db: Kysely<Database>, userId: number, now = Date.now()): Promise<Record<MyCouponTab, number>> {
  return countCouponsByTab(db, userId, now);
}

export async function loadMyCoupons(db: Kysely<Database>, userId: number, query: MyCouponsQuery, now = Date.now()): Promise<MyCouponsData> {
  const pageSize = couponLimits.myCouponsPageSize;
  const [counts, rows] = await Promise.all([
    countCouponsByTab(db, userId, now),
    findCouponsOfTab(db, userId, query.tab, now, { offset: (query.page - 1) * pageSize, limit: pageSize }),
  ]);
  return { tab: query.tab, counts, coupons: rows.map((row) => memberCouponOf(row, now)), page: query.page, pageSize, total: counts[query.tab], now };
}

// ——— Checkout (called by the orders feature) ———

function draftCouponOf(row: MemberCouponRow, draft: CouponDraft, now: number): DraftCoupon {
  const terms = termsOf(row);
  const unusableReason = row.validFrom > now ? `${formatBeijingTime(row.validFrom)}起可用` : couponProblem(terms, draft);
  return {
    ...terms,
    memberCouponId: row.id,
    templateId: row.templateId,
    name: row.name,
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    isUsable: unusableReason === '',
    unusableReason,
    discountCents: unusableReason === '' ? soloDiscountCents(terms, draft) : 0,
  };
}

/** Every unused, unexpired coupon of the member, judged against the draft: usable ones first, largest discount first. */
export async function listCouponsForDraft(db: Kysely<Database>, userId: number, draft: CouponDraft, now: number): Promise<DraftCoupon[]> {
  const rows = await findUnusedCoupons(db, userId, now);
  return rows
    .map((row) => draftCouponOf(row, draft, now))
    .sort(
      (a, b) =>
        Number(b.isUsable) - Number(a.isUsable) || b.discountCents - a.discountCents || a.validUntil - b.validUntil || a.memberCouponId - b.memberCouponId,
    );
}

export interface Redemption {
  userId: number;
  memberCouponIds: readonly number[];
  orderId: number;
  draft: CouponDraft;
  now: number;
}

/** Checks each chosen coupon as the member's, unused, within its window and applicable to the draft. */
function checkedTerms(rows: MemberCouponRow[], redemption: Redemption): CouponTerms[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return redemption.memberCouponIds.map((id) => {
    const row = byId.get(id);
    if (row?.userId !== redemption.userId) throw new AppError(couponErrors.notOwned);
    if (row.usedOrderId !== null) throw new AppError(couponErrors.used);
    if (row.validUntil <= redemption.now) throw new AppError(couponErrors.expired, `优惠券“${row.name}”已过期，请重新选择`);
    if (row.validFrom > redemption.now) throw new AppError(couponErrors.notYetValid, `优惠券“${row.name}”${formatBeijingTime(row.validFrom)}起可用`);
    const problem = couponProblem(termsOf(row), redemption.draft);
    if (problem) throw new AppError(couponErrors.notApplicable, `优惠券“${row.name}”不可用：${problem}`);
    return termsOf(row);
  });
}

/**
 * Inside the order's transaction: checks the chosen set again (ownership, window, unused, the
 * draft, the combination rules, at most 10) and marks the coupons used by the order with one
 * conditional update, so of concurrent orders using one coupon one redeems it. On any refusal it
 * throws, and the caller's transaction must roll back (some coupons may have been marked).
 */
export async function redeemCoupons(trx: Transaction<Database>, redemption: Redemption): Promise<{ goodsDiscountCents: number; freightDiscountCents: number }> {
  const ids = redemption.memberCouponIds;
  if (ids.length === 0) return { goodsDiscountCents: 0, freightDiscountCents: 0 };
  if (new Set(ids).size !== ids.length) throw new AppError(couponErrors.duplicate);
  const terms = checkedTerms(await findCouponsByIds(trx, ids), redemption);
  const problem = combinationProblem(terms);
  if (problem) throw new AppError(couponErrors.notCombinable, problem);
  const marked = await markCouponsUsed(trx, { userId: redemption.userId, ids, orderId: redemption.orderId, now: redemption.now });
  if (marked !== ids.length) throw new AppError(couponErrors.used);
  return combinedDiscount(terms, redemption.draft);
}

/** A cancelled order's coupons become unused again if still within their window; exactly once (a second call releases none). */
export function releaseCouponsOfOrder(trx: Transaction<Database>, orderId: number, now = Date.now()): Promise<number> {
  return releaseCouponsOf(trx, orderId, now);
}
