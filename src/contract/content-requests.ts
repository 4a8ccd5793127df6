import { z } from 'zod';

/** A positive integer record id, as a JSON number or a string of digits (what pages send). */
export function recordIdField(message: string) {
  return z
    .union([z.number(), z.string().regex(/^\d{1,10}$/, message)], { error: message })
    .transform(Number)
    .pipe(z.number().int(message).positive(message).max(2_147_483_647, message));
}

/** /common/api/updateAdvertisingStatus {adId}: the visitor closed the ad (adId is the adPosId). */
export const updateAdvertisingStatusRequest = z.object({ adId: recordIdField('广告编号有误') });
export type UpdateAdvertisingStatusRequest = z.infer<typeof updateAdvertisingStatusRequest>;
