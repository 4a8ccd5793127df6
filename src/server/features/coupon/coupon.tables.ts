import type { Generated } from 'kysely';
import type { CouponKind, CouponScope, CouponSource } from '../../../contract/coupon.ts';

/** What a coupon is, and (for the coupon centre) how many there are to claim. */
export interface CouponTemplatesTable {
  id: Generated<number>;
  name: string;
  kind: CouponKind;
  faceValueCents: number;
  /** 0: no threshold. */
  thresholdCents: number;
  scope: CouponScope;
  /** Brand or category id; null for scope all. */
  scopeId: number | null;
  /** A second-level category's first level, for its /choose link. */
  scopeParentId: number | null;
  scopeName: string;
  /** A fixed window [validFrom, validUntil), or validDays after claiming: one or the other. */
  validFrom: number | null;
  validUntil: number | null;
  validDays: number | null;
  /** When the centre hands it out: [claimFrom, claimUntil); claimUntil null is open-ended. */
  claimFrom: number;
  claimUntil: number | null;
  /** null: unlimited (granted coupons, such as the new-member pack). */
  totalStock: number | null;
  /** Claims in the centre; grants do not count (no hot row at registration). */
  claimedCount: Generated<number>;
  perMemberLimit: number;
  isInCentre: number;
  isNewMemberPack: number;
  sort: number;
  createdAt: number;
  /** Staff stopped handing it out (claimUntil set to the same moment); claimed coupons stay valid. */
  stoppedAt: Generated<number | null>;
}

/** A coupon a member holds. Unused while usedOrderId is null; expired once validUntil has passed. */
export interface MemberCouponsTable {
  id: Generated<number>;
  templateId: number;
  userId: number;
  /** 1 … the template's per-member limit; unique with templateId and userId. */
  claimNo: number;
  source: CouponSource;
  claimedAt: number;
  validFrom: number;
  validUntil: number;
  usedOrderId: number | null;
  usedAt: number | null;
}

/** Marketing settings staff edit (the invite reward's template): one row per key, configuration the default until written. */
export interface MarketingSettingsTable {
  key: string;
  value: string;
  updatedAt: number;
}

export interface CouponTables {
  couponTemplates: CouponTemplatesTable;
  memberCoupons: MemberCouponsTable;
  marketingSettings: MarketingSettingsTable;
}
