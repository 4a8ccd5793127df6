import type { MessageTypeCode } from '../../../contract/message.ts';

export interface MessageListLink {
  page?: number;
  messageType: MessageTypeCode | null;
  isUnreadOnly: boolean;
  isReadOnly?: boolean;
}

/** The list page's URL for a filter and page, so filters survive paging and reloads. */
export function messageListUrl({ page = 1, messageType, isUnreadOnly, isReadOnly = false }: MessageListLink): string {
  const params = new URLSearchParams();
  if (messageType !== null) params.set('type', String(messageType));
  if (isUnreadOnly) params.set('unread', '1');
  else if (isReadOnly) params.set('read', '1');
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `/user/message/list?${query}` : '/user/message/list';
}
