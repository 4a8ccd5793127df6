import { useState } from 'react';
import { couponErrors, couponMessages, type CentreCoupon } from '../../../contract/coupon.ts';
import { couponCalls } from '../../../contract/coupon-calls.ts';
import { ApiError, callApi, errorMessageOf } from '../../lib/api-client.ts';
import { showToast, toastIfMessage } from '../../ui/toast.ts';

/** What a refusal tells about the card, so it shows the truth without a reload. */
function afterRefusal(coupon: CentreCoupon, errorCode: string): CentreCoupon {
  if (errorCode === couponErrors.soldOut.errorCode) return { ...coupon, state: 'soldOut', claimedCount: coupon.totalStock ?? coupon.claimedCount };
  if (errorCode === couponErrors.alreadyClaimed.errorCode)
    return { ...coupon, state: 'claimed', myClaimedCount: Math.max(coupon.myClaimedCount, coupon.perMemberLimit) };
  return coupon;
}

/** The centre's cards and the claim action: a claimed card is replaced by the server's answer in place. */
export function useClaimCoupon(initial: CentreCoupon[]) {
  const [coupons, setCoupons] = useState(initial);
  const [busyId, setBusyId] = useState<number | null>(null);

  const replace = (next: CentreCoupon) => {
    setCoupons((current) => current.map((coupon) => (coupon.templateId === next.templateId ? next : coupon)));
  };

  async function claim(coupon: CentreCoupon): Promise<void> {
    if (busyId !== null) return;
    setBusyId(coupon.templateId);
    try {
      const answer = await callApi(couponCalls.claim, { templateId: coupon.templateId });
      replace(answer.coupon);
      showToast(couponMessages.claimed);
    } catch (error) {
      toastIfMessage(errorMessageOf(error));
      if (error instanceof ApiError) replace(afterRefusal(coupon, error.errorCode));
    } finally {
      setBusyId(null);
    }
  }

  return { coupons, busyId, claim: (coupon: CentreCoupon) => void claim(coupon) };
}
