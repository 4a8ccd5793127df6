// 营销管理 (the console's marketing desk, issue 14): coupons, the coupon centre, the new-member pack, the invite reward. Zod-free.
import type { CouponKind, CouponScope } from '../coupon.ts';
import type { StaffHomePageData } from '../staff.ts';
import type { GridPage } from '../staff-grid.ts';
import { gridBulkMax } from '../staff-grid.ts';

export const couponDeskSortColumns = ['createdAt', 'claimedCount'] as const;
export type CouponDeskSortColumn = (typeof couponDeskSortColumns)[number];

/** A coupon's state on the desk, from its windows, stock and whether staff stopped it. */
export const couponDeskStates = ['notStarted', 'active', 'soldOut', 'ended', 'stopped'] as const;
export type CouponDeskState = (typeof couponDeskStates)[number];
export const couponDeskStateLabels: Record<CouponDeskState, string> = {
  notStarted: '未开始',
  active: '发放中',
  soldOut: '已抢光',
  ended: '已结束',
  stopped: '已停发',
};

export const couponKindLabels: Record<CouponKind, string> = { goods: '商品券', freight: '运费券' };
export const couponScopeLabels: Record<CouponScope, string> = { all: '全场通用', brand: '指定品牌', category: '指定分类' };

export const marketingDeskPaths = {
  coupons: '/admin/coupons',
  newCoupon: '/admin/coupons/new',
  editCoupon: (templateId: number) => `/admin/coupons/${String(templateId)}`,
  settings: '/admin/marketing',
  /** GET: the coupon grid as Excel, ?q= its filters and sort. */
  export: '/admin/api/marketing/export',
} as const;

export const marketingDeskLimits = {
  nameMax: 40,
  faceValueMaxCents: 10_000_000,
  thresholdMaxCents: 100_000_000,
  stockMax: 10_000_000,
  perMemberMax: 100,
  validDaysMax: 3650,
} as const;

export const marketingDeskMessages = {
  nameMissing: '请填写优惠券名称',
  nameLong: '优惠券名称不能超过40个字',
  kindInvalid: '请选择优惠券类型',
  scopeInvalid: '请选择使用范围',
  scopeTargetMissing: '请选择适用的品牌或分类',
  scopeTargetUnknown: '所选品牌或分类不存在',
  faceValueInvalid: '面额须为0.01至100000元',
  thresholdInvalid: '使用门槛须为0至1000000元（0为无门槛）',
  faceOverThreshold: '有门槛时面额须小于门槛',
  validityInvalid: '请填写有效期：领取后天数（1-3650），或开始和结束时间',
  windowInvalid: '有效期结束时间须晚于开始时间',
  claimWindowInvalid: '领取结束时间须晚于开始时间',
  stockInvalid: '发放总量须为1至10000000的整数，不填为不限',
  perMemberInvalid: '每人限领须为1至100的整数',
  sortInvalid: '排序须为0至9999的整数',
  templateIdInvalid: '优惠券编号有误',
  stateInvalid: '状态有误',
  stockBelowClaimed: '发放总量不能少于已领取数量',
  termsLocked: '已有会员领取，面额、门槛、类型和使用范围不能再修改（可修改名称、库存、领取时间、每人限领和展示）',
  packNotInCentre: '新人礼包券不能同时在领券中心发放',
  rewardNotInCentre: '邀请奖励券须为不在领券中心发放的优惠券',
  rewardStopped: '已停发的优惠券不能设为邀请奖励',
  created: '优惠券已创建',
  saved: '优惠券已保存',
  stopped: '优惠券已停发，已领取的优惠券在有效期内仍可使用',
  settingsSaved: '营销设置已保存',
  couponsMissing: '请选择优惠券',
  bulkTooMany: `一次最多选择${String(gridBulkMax)}张优惠券`,
} as const;

/** A row of the coupon grid. */
export interface CouponDeskRow {
  id: number;
  name: string;
  kind: CouponKind;
  kindLabel: string;
  scope: CouponScope;
  /** 全场通用 / 限TI品牌商品使用 … */
  scopeText: string;
  /** 满500减50 / 无门槛减3 */
  offerText: string;
  totalStock: number | null;
  claimedCount: number;
  perMemberLimit: number;
  isInCentre: boolean;
  isNewMemberPack: boolean;
  isInviteReward: boolean;
  state: CouponDeskState;
  stateLabel: string;
  validityText: string;
  claimWindowText: string;
  createdAtStr: string;
}

export type CouponDeskPage = GridPage<CouponDeskRow>;

/** The coupon form's values: money in cents, times as epoch ms. */
export interface CouponFormValues {
  name: string;
  kind: CouponKind;
  faceValueCents: number;
  thresholdCents: number;
  scope: CouponScope;
  /** The brand's or category's id; null for scope all. */
  scopeId: number | null;
  /** Days after claiming (validFrom/validUntil null), or a fixed window (validDays null). */
  validDays: number | null;
  validFrom: number | null;
  validUntil: number | null;
  claimFrom: number;
  claimUntil: number | null;
  /** null: unlimited. */
  totalStock: number | null;
  perMemberLimit: number;
  isInCentre: boolean;
  isNewMemberPack: boolean;
  sort: number;
}

export interface CouponDeskDetail extends CouponFormValues {
  id: number;
  claimedCount: number;
  /** Coupons members hold of it (claims and grants): when > 0 its terms are locked. */
  heldCount: number;
  state: CouponDeskState;
  stateLabel: string;
  isInviteReward: boolean;
  isStopped: boolean;
}

export interface ScopeOption {
  id: number;
  name: string;
}

export interface CouponScopeOptions {
  brands: ScopeOption[];
  /** First-level categories, and second-level ones named 上级 › 本级. */
  categories: ScopeOption[];
}

export interface CouponsDeskPageData extends StaffHomePageData {
  initial: CouponDeskPage;
}

export interface CouponEditPageData extends StaffHomePageData {
  /** null: a new coupon. */
  coupon: CouponDeskDetail | null;
  options: CouponScopeOptions;
  now: number;
}

export interface MarketingSettings {
  /** The invite reward's coupon; null: none (the inviter is thanked by a message only). */
  inviteRewardTemplateId: number | null;
  inviteRewardName: string;
  /** Coupons that may be the invite reward: not in the centre, not stopped. */
  rewardChoices: ScopeOption[];
  /** The new-member pack's coupons as granted at registration. */
  pack: CouponDeskRow[];
}

export interface MarketingSettingsPageData extends StaffHomePageData {
  settings: MarketingSettings;
}
