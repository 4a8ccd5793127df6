import { z } from 'zod';
import { couponErrors } from './coupon.ts';

const couponMissing = couponErrors.notFound.msg;

/** The request schemas of couponCalls, one per call. */
export const couponRequests = {
  claim: z.object({
    templateId: z.number({ error: couponMissing }).int(couponMissing).positive(couponMissing).max(2_147_483_647, couponMissing),
  }),
};
