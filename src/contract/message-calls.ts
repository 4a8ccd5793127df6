import type { DeleteMessagesResponse, MessageListData, MessageSummary, ReadAllMessagesResponse } from './message.ts';
import type { messageRequests } from './message-requests.ts';
import { memberCall } from './call.ts';

type Requests = typeof messageRequests;

/** /user/api/message/…: members only. */
export const messageCalls = {
  markRead: memberCall<Requests['markRead'], boolean>('/user/api/message/markRead'),
  /** How many messages became read. */
  readAll: memberCall<Requests['readAll'], ReadAllMessagesResponse>('/user/api/message/readAll'),
  delete: memberCall<Requests['delete'], DeleteMessagesResponse>('/user/api/message/delete'),
  /** The list page's data after a change (same filters and page). */
  list: memberCall<Requests['list'], MessageListData>('/user/api/message/list'),
  summary: memberCall<Requests['summary'], MessageSummary>('/user/api/message/summary'),
};
