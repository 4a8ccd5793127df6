import type { ClaimCouponResponse } from './coupon.ts';
import type { couponRequests } from './coupon-requests.ts';
import { memberCall } from './call.ts';

type Requests = typeof couponRequests;

/** The coupon centre's one call; its list is rendered with the page. */
export const couponCalls = {
  claim: memberCall<Requests['claim'], ClaimCouponResponse>('/coupon/api/claim'),
};
