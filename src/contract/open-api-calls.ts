import type { ApiKeyCreated, ApiKeyListData } from './open-api.ts';
import type { apiKeyRequests } from './open-api-requests.ts';
import { memberCall } from './call.ts';

type Requests = typeof apiKeyRequests;

/** /user/api/api-key/…: the member's own API keys (visitors get 401 and go to the login page). */
export const apiKeyCalls = {
  list: memberCall<Requests['list'], ApiKeyListData>('/user/api/api-key/list'),
  /** Answers the whole key: the only time it is shown. */
  create: memberCall<Requests['create'], ApiKeyCreated>('/user/api/api-key/create'),
  /** Revoking is final: the key is refused from then on. */
  revoke: memberCall<Requests['revoke'], ApiKeyListData>('/user/api/api-key/revoke'),
};
