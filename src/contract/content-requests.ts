import { z } from 'zod';
import { contentMessages } from './content.ts';

/** A positive integer record id, as a JSON number or a string of digits (what pages send). */
export function recordIdField(message: string) {
  return z
    .union([z.number(), z.string().regex(/^\d{1,10}$/, message)], { error: message })
    .transform(Number)
    .pipe(z.number().int(message).positive(message).max(2_147_483_647, message));
}

/** The request schemas of contentCalls, one per call. */
export const contentRequests = {
  /** {adId}: the visitor closed the ad (adId is the adPosId). */
  updateAdvertisingStatus: z.object({ adId: recordIdField(contentMessages.adIdInvalid) }),
};
