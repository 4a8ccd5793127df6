import { combinationKey } from '../../../contract/coupon-combination.ts';
import type { DraftCoupon } from '../../../contract/coupon.ts';

/**
 * The coupons chosen after the buyer ticks or unticks one. Ticking a coupon whose scope is already
 * taken replaces the one there (one coupon per scope), as JD's checkout does, instead of refusing.
 */
export function toggledCouponIds(coupons: readonly DraftCoupon[], chosenIds: readonly number[], coupon: DraftCoupon): number[] {
  if (chosenIds.includes(coupon.memberCouponId)) return chosenIds.filter((id) => id !== coupon.memberCouponId);
  const key = combinationKey(coupon);
  const kept = coupons.filter((other) => chosenIds.includes(other.memberCouponId) && combinationKey(other) !== key).map((other) => other.memberCouponId);
  return [...kept, coupon.memberCouponId];
}
