import type { Kysely } from 'kysely';
import {
  isHtmlMessageType,
  isMessageTypeCode,
  messageErrors,
  MessageType,
  messagePageSize,
  type DeleteMessagesResponse,
  type Message,
  type MessageListData,
  type MessageSummary as ShellMessageSummary,
} from '../../../contract/message.ts';
import { shellLimits } from '../../../contract/shell.ts';
import { formatBeijingTime } from '../../../contract/time.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { sanitizeMessageHtml } from './message-html.ts';
import {
  countMessages,
  countUnreadByType,
  deleteOwnMessages,
  findLatestUnread,
  findMessage,
  findMessagePage,
  insertMessages,
  markAllRead,
  markRead,
  type MessageFilter,
  type MessageRow,
  type NewMessage,
} from './message.repository.ts';

export type { NewMessage };

/** Wire shape of a message; HTML kinds are sanitised here, so no page ever sees raw HTML. */
export function toMessage(row: MessageRow): Message {
  const messageType = isMessageTypeCode(row.messageType) ? row.messageType : MessageType.order;
  return {
    id: row.id,
    messageType,
    msgContent: isHtmlMessageType(messageType) ? sanitizeMessageHtml(row.msgContent) : row.msgContent,
    sendDate: row.sendDate,
    sendDateStr: formatBeijingTime(row.sendDate),
    isRead: row.isRead === 1,
  };
}

export interface MessageSummary {
  unreadCount: number;
  /** Unread BOM and offer messages: the sidebar's BOM badge. */
  bomMessageCount: number;
  /** The latest unread messages for the status-bar dropdown. */
  latest: Message[];
}

export async function loadMessageSummary(db: Kysely<Database>, userId: number): Promise<MessageSummary> {
  const [counts, latest] = await Promise.all([countUnreadByType(db, userId), findLatestUnread(db, userId, shellLimits.dropdownMessages)]);
  let unreadCount = 0;
  for (const count of counts.values()) unreadCount += count;
  const bomMessageCount = (counts.get(MessageType.bom) ?? 0) + (counts.get(MessageType.offer) ?? 0);
  return { unreadCount, bomMessageCount, latest: latest.map(toMessage) };
}

/** The shell's message state as the message calls answer it (messageCalls.summary). */
export async function shellMessageSummary(db: Kysely<Database>, userId: number): Promise<ShellMessageSummary> {
  const summary = await loadMessageSummary(db, userId);
  return { unreadCount: summary.unreadCount, bomMessageCount: summary.bomMessageCount, messageList: summary.latest };
}

export interface MessageListQuery {
  page: number;
  messageType: number | null;
  isUnreadOnly: boolean;
  /** Ignored with isUnreadOnly. */
  isReadOnly?: boolean;
}

/** Reads the list page's query leniently: a bad page or kind falls back to the first page of everything. */
export function parseMessageListQuery(query: Record<string, string | undefined>): MessageListQuery {
  const page = Number(query.page);
  const messageType = Number(query.type);
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    messageType: query.type !== undefined && isMessageTypeCode(messageType) ? messageType : null,
    isUnreadOnly: query.unread === '1',
    isReadOnly: query.unread !== '1' && query.read === '1',
  };
}

export async function listMessages(db: Kysely<Database>, userId: number, query: MessageListQuery): Promise<MessageListData> {
  const filter: MessageFilter = {
    messageType: query.messageType,
    isUnreadOnly: query.isUnreadOnly,
    isReadOnly: !query.isUnreadOnly && query.isReadOnly === true,
  };
  const [total, counts] = await Promise.all([countMessages(db, userId, filter), countUnreadByType(db, userId)]);
  // Past the last page (the last rows were deleted or read away under 只看未读): the last page.
  const page = Math.max(1, Math.min(query.page, Math.ceil(total / messagePageSize)));
  const rows = await findMessagePage(db, userId, filter, (page - 1) * messagePageSize, messagePageSize);
  let unreadCount = 0;
  for (const count of counts.values()) unreadCount += count;
  return {
    messages: rows.map(toMessage),
    total,
    page,
    pageSize: messagePageSize,
    messageType: query.messageType !== null && isMessageTypeCode(query.messageType) ? query.messageType : null,
    isUnreadOnly: filter.isUnreadOnly,
    isReadOnly: filter.isReadOnly,
    unreadCount,
  };
}

/**
 * The detail page: the member's own message, as it is. The page marks it read by a call once it
 * has opened: a GET must not write, or a link from another site (SameSite=Lax sends the cookie) could.
 */
export async function findOwnMessage(db: Kysely<Database>, userId: number, id: number): Promise<Message> {
  const row = await findMessage(db, userId, id);
  if (!row) throw new AppError(messageErrors.notFound);
  return toMessage(row);
}

/** One conditional update: someone else's or an unknown id changes nothing and is not found. */
export async function markMessageRead(db: Kysely<Database>, userId: number, id: number): Promise<void> {
  if (!(await markRead(db, userId, id))) throw new AppError(messageErrors.notFound);
}

/**
 * How many of the member's messages became read. One `update … where is_read = 0`: concurrent
 * calls each count only the rows they changed, so the counts add up to the unread total.
 */
export async function readAllMessages(db: Kysely<Database>, userId: number): Promise<number> {
  return markAllRead(db, userId);
}

/**
 * Deletes the member's own messages among `ids` (one statement: others' and unknown ids are
 * skipped, a message deleted twice counts once). unreadCount: how many of them were unread.
 */
export async function deleteMessages(db: Kysely<Database>, userId: number, ids: readonly number[]): Promise<DeleteMessagesResponse> {
  const deleted = await deleteOwnMessages(db, userId, [...new Set(ids)]);
  return { count: deleted.length, unreadCount: deleted.filter((row) => row.isRead === 0).length };
}

/** Delivers messages to members (the demo seed today; orders, BOM and quotations later). */
export async function sendMessages(db: Kysely<Database>, messages: NewMessage[]): Promise<void> {
  await insertMessages(db, messages);
}
