import { memberCall } from './call.ts';
import type { WebhookEndpointCreated, WebhookPageData, WebhookSecret } from './webhook.ts';
import type { webhookRequests } from './webhook-requests.ts';

type Requests = typeof webhookRequests;

/** /user/api/webhook/…: members only; another member's endpoint or delivery answers notFound. */
export const webhookCalls = {
  list: memberCall<Requests['list'], WebhookPageData>('/user/api/webhook/list'),
  /** A new endpoint, with its signing secret. */
  create: memberCall<Requests['create'], WebhookEndpointCreated>('/user/api/webhook/create'),
  /** Its URL, events, and active (启用) or paused (暂停). */
  update: memberCall<Requests['update'], WebhookPageData>('/user/api/webhook/update'),
  remove: memberCall<Requests['remove'], WebhookPageData>('/user/api/webhook/remove'),
  revealSecret: memberCall<Requests['revealSecret'], WebhookSecret>('/user/api/webhook/revealSecret'),
  /** A new secret; the old one stops signing at once. */
  rotateSecret: memberCall<Requests['rotateSecret'], WebhookSecret>('/user/api/webhook/rotateSecret'),
  /** A webhook.test event, sent now to the endpoint. */
  sendTest: memberCall<Requests['sendTest'], WebhookPageData>('/user/api/webhook/sendTest'),
  /** 重新发送: a new delivery of the same event id (same body), sent now. */
  replay: memberCall<Requests['replay'], WebhookPageData>('/user/api/webhook/replay'),
};
