import type { contentRequests } from './content-requests.ts';
import { publicCall } from './call.ts';

type Requests = typeof contentRequests;

/** Shell content calls: anyone may make them (a visitor's closes are kept by session). */
export const contentCalls = {
  /** Spec §7 /common/api/updateAdvertisingStatus {adId}: closes an ad for this visitor until Beijing midnight. */
  updateAdvertisingStatus: publicCall<Requests['updateAdvertisingStatus'], boolean>('/common/api/updateAdvertisingStatus'),
};
