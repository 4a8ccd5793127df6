// Coupons shared by server and browser; zod-free (schemas: coupon-requests.ts, combination rules: coupon-combination.ts).
import { ResultCode } from './envelope.ts';
import { defineErrors } from './errors.ts';
import { formatShortCents } from './money.ts';
import { formatBeijingTime } from './time.ts';

/** goods: takes off the goods amount of its scope; freight: takes off the freight. */
export const couponKinds = ['goods', 'freight'] as const;
export type CouponKind = (typeof couponKinds)[number];

/** Where a goods coupon applies: every part, one brand's parts, or one category's (first or second level). */
export const couponScopes = ['all', 'brand', 'category'] as const;
export type CouponScope = (typeof couponScopes)[number];

/** How a member got a coupon. */
export const couponSources = ['centre', 'newMemberPack', 'staff'] as const;
export type CouponSource = (typeof couponSources)[number];

export const couponLimits = {
  /** Coupons one order may use. */
  perOrder: 10,
  /** Up to this many usable coupons the best combination is found by trying every subset; above it, greedily. */
  exhaustiveSearch: 10,
  /** Rows per page of /user/coupon. */
  myCouponsPageSize: 20,
} as const;

export const couponPaths = {
  centre: '/coupon',
  mine: '/user/coupon',
  /** The new-member pack's page: every advert of the pack links here. */
  newMemberPack: '/serve/advantage',
} as const;

export const couponMessages = {
  claimed: '领取成功',
} as const;

export const couponErrors = defineErrors('coupon', {
  notFound: { code: ResultCode.notFound, msg: '优惠券不存在' },
  soldOut: { code: ResultCode.conflict, msg: '手慢了，优惠券已抢光' },
  alreadyClaimed: { code: ResultCode.conflict, msg: '您已领取过该优惠券' },
  claimEnded: { code: ResultCode.badRequest, msg: '该优惠券已过期，领券活动已结束' },
  claimNotStarted: { code: ResultCode.badRequest, msg: '领券活动未开始，请稍后再来' },
  notOwned: { code: ResultCode.badRequest, msg: '优惠券不存在或不属于您，请重新选择' },
  used: { code: ResultCode.conflict, msg: '优惠券已被使用，请重新选择' },
  expired: { code: ResultCode.badRequest, msg: '优惠券已过期，请重新选择' },
  notYetValid: { code: ResultCode.badRequest, msg: '优惠券尚未到使用时间' },
  /** The msg says which rule (couponProblem). */
  notApplicable: { code: ResultCode.badRequest, msg: '优惠券不满足使用条件' },
  /** The msg says which rule (combinationProblem). */
  notCombinable: { code: ResultCode.badRequest, msg: '所选优惠券不能同时使用' },
  duplicate: { code: ResultCode.badRequest, msg: '同一张优惠券不能重复使用' },
});

/** What a coupon is: where it applies and what it takes off. */
export interface CouponTerms {
  kind: CouponKind;
  faceValueCents: number;
  /** The eligible amount must reach it (goods coupons: the scope's goods; freight coupons: all goods); 0: none. */
  thresholdCents: number;
  scope: CouponScope;
  /** The brand or category id; null for scope all. */
  scopeId: number | null;
  /** A second-level category's first level (for its /choose link); otherwise null. */
  scopeParentId: number | null;
  /** The brand's or category's name; '' for scope all. */
  scopeName: string;
}

/** One line of the order being drafted, priced at its tier: what the coupon rules look at. */
export interface CouponDraftLine {
  productId: number;
  brandId: number;
  categoryFirstId: number;
  categorySecondId: number;
  amountCents: number;
}

export interface CouponDraft {
  lines: CouponDraftLine[];
  freightCents: number;
}

/** One of the member's unused, unexpired coupons, judged against a draft. */
export interface DraftCoupon extends CouponTerms {
  memberCouponId: number;
  templateId: number;
  name: string;
  validFrom: number;
  validUntil: number;
  isUsable: boolean;
  /** Why not, in Chinese; '' when usable. */
  unusableReason: string;
  /** What it would take off on its own. */
  discountCents: number;
}

export interface CouponCombination {
  memberCouponIds: number[];
  goodsDiscountCents: number;
  freightDiscountCents: number;
}

/** The claim state of a centre coupon for the one looking at it. */
export type CentreCouponState = 'claimable' | 'claimed' | 'soldOut' | 'notStarted';

/** A card of /coupon. */
export interface CentreCoupon extends CouponTerms {
  templateId: number;
  name: string;
  /** Fixed window (validDays null) or days after claiming. */
  validFrom: number | null;
  validUntil: number | null;
  validDays: number | null;
  claimFrom: number;
  claimUntil: number | null;
  /** null: unlimited. */
  totalStock: number | null;
  claimedCount: number;
  perMemberLimit: number;
  /** How many this member holds of it (0 for visitors). */
  myClaimedCount: number;
  state: CentreCouponState;
}

export interface CouponCentreData {
  isLogin: boolean;
  coupons: CentreCoupon[];
}

export interface ClaimCouponResponse {
  coupon: CentreCoupon;
}

/** The tabs of /user/coupon. */
export const myCouponTabs = ['unused', 'used', 'expired'] as const;
export type MyCouponTab = (typeof myCouponTabs)[number];

export const myCouponTabNames: Record<MyCouponTab, string> = { unused: '未使用', used: '已使用', expired: '已过期' };

export function isMyCouponTab(value: string | undefined): value is MyCouponTab {
  return myCouponTabs.some((tab) => tab === value);
}

/** A member's coupon as the member centre and the gift-pack page show it. */
export interface MemberCoupon extends CouponTerms {
  memberCouponId: number;
  templateId: number;
  name: string;
  source: CouponSource;
  claimedAt: number;
  validFrom: number;
  validUntil: number;
  usedOrderId: number | null;
  usedAt: number | null;
  /** unused also covers coupons whose window has not opened yet (validFrom in the future). */
  status: MyCouponTab;
}

export interface MyCouponsData {
  tab: MyCouponTab;
  counts: Record<MyCouponTab, number>;
  coupons: MemberCoupon[];
  page: number;
  pageSize: number;
  /** Rows of the tab. */
  total: number;
  /** Pages are rendered at this moment (epoch ms): the browser shows "not yet valid" as the server did. */
  now: number;
}

export interface NewMemberPackData {
  isLogin: boolean;
  /** The pack as advertised: its templates, by face value, largest first. */
  pack: PackCoupon[];
  /** The member's coupons from the pack; empty for visitors and members without it. */
  received: MemberCoupon[];
  now: number;
}

export type PackCoupon = CouponTerms & { templateId: number; name: string; validDays: number | null };

const day = 86_400_000;

/** ¥50, ¥12.50: face values read as whole yuan when they are. */
export function faceValueText(fen: number): string {
  return formatShortCents(fen);
}

/** 满500元可用 / 无门槛. */
export function thresholdText(terms: Pick<CouponTerms, 'thresholdCents'>): string {
  if (terms.thresholdCents === 0) return '无门槛';
  return `满${faceValueText(terms.thresholdCents).slice(1)}元可用`;
}

/** 满500减50 / 无门槛减3: what the coupon offers, in the adverts' words. */
export function offerText(terms: Pick<CouponTerms, 'faceValueCents' | 'thresholdCents'>): string {
  const face = faceValueText(terms.faceValueCents).slice(1);
  return terms.thresholdCents === 0 ? `无门槛减${face}` : `满${faceValueText(terms.thresholdCents).slice(1)}减${face}`;
}

/** Where it can be used, in words. */
export function scopeText(terms: Pick<CouponTerms, 'kind' | 'scope' | 'scopeName'>): string {
  if (terms.kind === 'freight') return '运费券，抵扣订单运费';
  if (terms.scope === 'brand') return `限${terms.scopeName}品牌商品使用`;
  if (terms.scope === 'category') return `限${terms.scopeName}类商品使用`;
  return '全场通用';
}

/** Where to go shopping with it: the brand's page, the category's parametric list, or the whole catalogue. */
export function couponUseUrl(terms: Pick<CouponTerms, 'kind' | 'scope' | 'scopeId' | 'scopeParentId'>): string {
  if (terms.kind === 'goods' && terms.scopeId !== null) {
    if (terms.scope === 'brand') return `/brand/${String(terms.scopeId)}`;
    if (terms.scope === 'category') {
      return terms.scopeParentId === null ? `/choose/${String(terms.scopeId)}` : `/choose/${String(terms.scopeParentId)}-${String(terms.scopeId)}`;
    }
  }
  return '/catalogue';
}

/** A template's validity: 领取后30天内有效, or its fixed window. */
export function templateValidityText(template: { validFrom: number | null; validUntil: number | null; validDays: number | null }): string {
  if (template.validDays !== null) return `领取后${String(template.validDays)}天内有效`;
  if (template.validFrom === null || template.validUntil === null) return '';
  return `${formatBeijingTime(template.validFrom)} 至 ${formatBeijingTime(template.validUntil)}`;
}

/** A member coupon's window, both ends shown to the minute. */
export function memberCouponValidityText(coupon: { validFrom: number; validUntil: number }): string {
  return `${formatBeijingTime(coupon.validFrom)} 至 ${formatBeijingTime(coupon.validUntil)}`;
}

/** The window of a coupon claimed now. */
export function validityOnClaim(
  template: { validFrom: number | null; validUntil: number | null; validDays: number | null },
  claimedAt: number,
): { validFrom: number; validUntil: number } {
  if (template.validDays !== null) return { validFrom: claimedAt, validUntil: claimedAt + template.validDays * day };
  return { validFrom: template.validFrom ?? claimedAt, validUntil: template.validUntil ?? claimedAt };
}

/** The share of a limited stock already claimed, 0–100 (the card's bar); null for unlimited stock. */
export function claimedPercent(coupon: Pick<CentreCoupon, 'totalStock' | 'claimedCount'>): number | null {
  if (coupon.totalStock === null || coupon.totalStock <= 0) return null;
  return Math.min(100, Math.floor((coupon.claimedCount * 100) / coupon.totalStock));
}
