/**
 * The coupon rules of an order, pure so that the server (listing, redeeming) and the browser
 * (recomputing when the buyer ticks coupons) agree to the fen:
 *
 * 1. A goods coupon applies to the lines of its scope (all; a brand; a category, first or second
 *    level). Its threshold is met by those lines' amount before any discount; a freight coupon's
 *    threshold by the whole goods amount, and it needs freight to take off.
 * 2. Alone, a goods coupon takes off min(face value, its lines' amount); a freight coupon
 *    min(face value, freight).
 * 3. Coupons combine when their scopes differ: at most one platform-wide coupon, at most one per
 *    brand, at most one per category, at most one freight coupon, at most 10 in all. So a
 *    platform-wide coupon stacks with brand and category coupons (as on JD or Taobao), and the
 *    new-member pack's three platform-wide coupons serve three orders, not one.
 * 4. Together, goods discounts are the sum of each coupon's own, capped so the goods amount stays
 *    at least ¥0.01 (spec §5: a price is never below 0.01 unless zero).
 * 5. The best combination is the one taking off most; ties go to fewer coupons, then to those
 *    expiring sooner. Up to 10 usable coupons every subset is tried; above that, the best coupon
 *    of each scope is taken, largest first.
 */
import { couponLimits, type CouponCombination, type CouponDraft, type CouponDraftLine, type CouponTerms, type DraftCoupon } from './coupon.ts';
import { formatCents } from './pricing.ts';

export function goodsAmountCents(draft: CouponDraft): number {
  return draft.lines.reduce((sum, line) => sum + line.amountCents, 0);
}

export function isLineInScope(terms: Pick<CouponTerms, 'scope' | 'scopeId'>, line: CouponDraftLine): boolean {
  if (terms.scope === 'brand') return line.brandId === terms.scopeId;
  if (terms.scope === 'category') return line.categoryFirstId === terms.scopeId || line.categorySecondId === terms.scopeId;
  return true;
}

/** The amount the threshold is measured on: the scope's goods (goods coupons) or all goods (freight coupons). */
export function eligibleAmountCents(terms: CouponTerms, draft: CouponDraft): number {
  if (terms.kind === 'freight') return goodsAmountCents(draft);
  return draft.lines.reduce((sum, line) => (isLineInScope(terms, line) ? sum + line.amountCents : sum), 0);
}

/** The most a set of goods discounts may take: the goods amount less one fen. */
function goodsCapCents(draft: CouponDraft): number {
  return Math.max(0, goodsAmountCents(draft) - 1);
}

/** What the coupon takes off on its own (0 when it does not apply). */
export function soloDiscountCents(terms: CouponTerms, draft: CouponDraft): number {
  if (couponProblem(terms, draft) !== '') return 0;
  if (terms.kind === 'freight') return Math.min(terms.faceValueCents, draft.freightCents);
  return Math.min(terms.faceValueCents, eligibleAmountCents(terms, draft), goodsCapCents(draft));
}

function scopeLabel(terms: CouponTerms): string {
  if (terms.kind === 'goods' && terms.scope === 'brand') return `${terms.scopeName}品牌商品`;
  if (terms.kind === 'goods' && terms.scope === 'category') return `${terms.scopeName}类商品`;
  return '商品';
}

/** Why the coupon cannot be used on this draft, in Chinese; '' when it can (time is the caller's). */
export function couponProblem(terms: CouponTerms, draft: CouponDraft): string {
  const eligible = eligibleAmountCents(terms, draft);
  if (terms.kind === 'freight' && draft.freightCents <= 0) return '本单无运费，无需使用运费券';
  if (terms.kind === 'goods' && eligible <= 0) {
    if (terms.scope === 'all') return '订单中没有商品';
    return `仅限${scopeLabel(terms)}使用，本单没有此类商品`;
  }
  if (eligible < terms.thresholdCents) {
    return `${scopeLabel(terms)}满${formatCents(terms.thresholdCents)}可用，还差${formatCents(terms.thresholdCents - eligible)}`;
  }
  if (terms.kind === 'goods' && goodsCapCents(draft) === 0) return '订单金额过低，不能使用优惠券';
  return '';
}

/** Coupons of one key do not combine (rule 3). */
export function combinationKey(terms: CouponTerms): string {
  if (terms.kind === 'freight') return 'freight';
  return terms.scope === 'all' ? 'goods:all' : `goods:${terms.scope}:${String(terms.scopeId)}`;
}

function sameKeyMessage(terms: CouponTerms): string {
  if (terms.kind === 'freight') return '运费券每单限用一张';
  if (terms.scope === 'brand') return `${terms.scopeName}品牌券每单限用一张`;
  if (terms.scope === 'category') return `${terms.scopeName}品类券每单限用一张`;
  return '全场通用券每单限用一张';
}

/** Why these coupons cannot be used together (rule 3); '' when they can. */
export function combinationProblem(coupons: readonly CouponTerms[]): string {
  if (coupons.length > couponLimits.perOrder) return `每笔订单最多使用${String(couponLimits.perOrder)}张优惠券`;
  const keys = new Set<string>();
  for (const coupon of coupons) {
    const key = combinationKey(coupon);
    if (keys.has(key)) return sameKeyMessage(coupon);
    keys.add(key);
  }
  return '';
}

/** What a set of applicable, combinable coupons takes off together (rule 4). */
export function combinedDiscount(coupons: readonly CouponTerms[], draft: CouponDraft): Omit<CouponCombination, 'memberCouponIds'> {
  let goods = 0;
  let freight = 0;
  for (const coupon of coupons) {
    if (coupon.kind === 'freight') freight += soloDiscountCents(coupon, draft);
    else goods += soloDiscountCents(coupon, draft);
  }
  return { goodsDiscountCents: Math.min(goods, goodsCapCents(draft)), freightDiscountCents: Math.min(freight, draft.freightCents) };
}

/** The buyer's own choice, recomputed as they tick: the discounts, or why the choice does not hold. */
export function chosenCombination(
  coupons: readonly DraftCoupon[],
  memberCouponIds: readonly number[],
  draft: CouponDraft,
): CouponCombination & { problem: string } {
  const byId = new Map(coupons.map((coupon) => [coupon.memberCouponId, coupon]));
  if (new Set(memberCouponIds).size !== memberCouponIds.length) {
    return { memberCouponIds: [...memberCouponIds], goodsDiscountCents: 0, freightDiscountCents: 0, problem: '同一张优惠券不能重复使用' };
  }
  const chosen: DraftCoupon[] = [];
  for (const id of memberCouponIds) {
    const coupon = byId.get(id);
    if (!coupon)
      return { memberCouponIds: [...memberCouponIds], goodsDiscountCents: 0, freightDiscountCents: 0, problem: '优惠券不存在或不属于您，请重新选择' };
    const problem = coupon.isUsable ? couponProblem(coupon, draft) : coupon.unusableReason;
    if (problem) return { memberCouponIds: [...memberCouponIds], goodsDiscountCents: 0, freightDiscountCents: 0, problem: `${coupon.name}：${problem}` };
    chosen.push(coupon);
  }
  const problem = combinationProblem(chosen);
  if (problem) return { memberCouponIds: [...memberCouponIds], goodsDiscountCents: 0, freightDiscountCents: 0, problem };
  return { memberCouponIds: [...memberCouponIds], ...combinedDiscount(chosen, draft), problem: '' };
}

interface Candidate {
  coupon: DraftCoupon;
  discountCents: number;
}

interface Scored {
  chosen: Candidate[];
  totalCents: number;
  goodsDiscountCents: number;
  freightDiscountCents: number;
}

function scoreOf(chosen: Candidate[], draft: CouponDraft): Scored {
  const discount = combinedDiscount(
    chosen.map((candidate) => candidate.coupon),
    draft,
  );
  return { chosen, totalCents: discount.goodsDiscountCents + discount.freightDiscountCents, ...discount };
}

/** Rule 5's order: more off, then fewer coupons, then those expiring sooner, then lower ids. */
function isBetter(a: Scored, b: Scored): boolean {
  if (a.totalCents !== b.totalCents) return a.totalCents > b.totalCents;
  if (a.chosen.length !== b.chosen.length) return a.chosen.length < b.chosen.length;
  const expiry = (scored: Scored) => scored.chosen.reduce((sum, candidate) => sum + candidate.coupon.validUntil, 0);
  if (expiry(a) !== expiry(b)) return expiry(a) < expiry(b);
  const ids = (scored: Scored) => scored.chosen.map((candidate) => candidate.coupon.memberCouponId).join(',');
  return ids(a) < ids(b);
}

function byValue(a: Candidate, b: Candidate): number {
  return b.discountCents - a.discountCents || a.coupon.validUntil - b.coupon.validUntil || a.coupon.memberCouponId - b.coupon.memberCouponId;
}

function exhaustiveBest(candidates: Candidate[], draft: CouponDraft): Scored {
  let best = scoreOf([], draft);
  for (let mask = 1; mask < 1 << candidates.length; mask++) {
    const chosen = candidates.filter((_, index) => (mask & (1 << index)) !== 0);
    if (combinationProblem(chosen.map((candidate) => candidate.coupon)) !== '') continue;
    const scored = scoreOf(chosen, draft);
    if (isBetter(scored, best)) best = scored;
  }
  return best;
}

function greedyBest(candidates: Candidate[], draft: CouponDraft): Scored {
  const bestOfKey = new Map<string, Candidate>();
  for (const candidate of [...candidates].sort(byValue)) {
    const key = combinationKey(candidate.coupon);
    if (!bestOfKey.has(key)) bestOfKey.set(key, candidate);
  }
  let best = scoreOf([], draft);
  for (const candidate of [...bestOfKey.values()].sort(byValue)) {
    if (best.chosen.length >= couponLimits.perOrder) break;
    const next = scoreOf([...best.chosen, candidate], draft);
    if (next.totalCents > best.totalCents) best = next;
  }
  return best;
}

/** The combination pre-selected at checkout (rule 5). */
export function bestCouponCombination(coupons: readonly DraftCoupon[], draft: CouponDraft): CouponCombination {
  const candidates = coupons
    .filter((coupon) => coupon.isUsable && couponProblem(coupon, draft) === '')
    .map((coupon) => ({ coupon, discountCents: soloDiscountCents(coupon, draft) }))
    .filter((candidate) => candidate.discountCents > 0)
    .sort(byValue);
  const best = candidates.length <= couponLimits.exhaustiveSearch ? exhaustiveBest(candidates, draft) : greedyBest(candidates, draft);
  return {
    memberCouponIds: best.chosen.map((candidate) => candidate.coupon.memberCouponId),
    goodsDiscountCents: best.goodsDiscountCents,
    freightDiscountCents: best.freightDiscountCents,
  };
}
