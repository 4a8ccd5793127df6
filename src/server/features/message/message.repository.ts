import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared-query.ts';

export interface MessageRow {
  id: number;
  messageType: number;
  msgContent: string;
  sendDate: number;
  isRead: number;
}

const messageColumns = ['id', 'messageType', 'msgContent', 'sendDate', 'isRead'] as const;

export interface MessageFilter {
  messageType: number | null;
  isUnreadOnly: boolean;
  isReadOnly: boolean;
}

/** The status bar's two reads, made on every member's page: compiled once (db/prepared-query.ts). */
const unreadByTypeQuery = preparedQuery((db: Kysely<Database>, userId: number) =>
  db
    .selectFrom('messages')
    .select(['messageType', (eb) => eb.fn.countAll<number>().as('count')])
    .where('userId', '=', userId)
    .where('isRead', '=', 0)
    .groupBy('messageType'),
);

const latestUnreadQuery = preparedQuery((db: Kysely<Database>, userId: number, limit: number) =>
  db
    .selectFrom('messages')
    .select(messageColumns)
    .where('userId', '=', userId)
    .where('isRead', '=', 0)
    .orderBy('sendDate', 'desc')
    .orderBy('id', 'desc')
    .limit(limit),
);

/** Unread messages of the member, counted per kind. */
export async function countUnreadByType(db: Kysely<Database>, userId: number): Promise<Map<number, number>> {
  const rows = await unreadByTypeQuery(db, userId);
  return new Map(rows.map((row) => [row.messageType, row.count]));
}

export async function findLatestUnread(db: Kysely<Database>, userId: number, limit: number): Promise<MessageRow[]> {
  return latestUnreadQuery(db, userId, limit);
}

function filtered(db: Kysely<Database>, userId: number, filter: MessageFilter) {
  let query = db.selectFrom('messages').where('userId', '=', userId);
  if (filter.messageType !== null) query = query.where('messageType', '=', filter.messageType);
  if (filter.isUnreadOnly) query = query.where('isRead', '=', 0);
  else if (filter.isReadOnly) query = query.where('isRead', '=', 1);
  return query;
}

export async function findMessagePage(db: Kysely<Database>, userId: number, filter: MessageFilter, offset: number, limit: number): Promise<MessageRow[]> {
  return filtered(db, userId, filter).select(messageColumns).orderBy('sendDate', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute();
}

export async function countMessages(db: Kysely<Database>, userId: number, filter: MessageFilter): Promise<number> {
  const row = await filtered(db, userId, filter)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirst();
  return row?.count ?? 0;
}

export async function findMessage(db: Kysely<Database>, userId: number, id: number): Promise<MessageRow | undefined> {
  return db.selectFrom('messages').select(messageColumns).where('userId', '=', userId).where('id', '=', id).executeTakeFirst();
}

/** Marks one of the member's messages read; false when it is not theirs. */
export async function markRead(db: Kysely<Database>, userId: number, id: number): Promise<boolean> {
  const result = await db.updateTable('messages').set({ isRead: 1 }).where('userId', '=', userId).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function markAllRead(db: Kysely<Database>, userId: number): Promise<number> {
  const result = await db.updateTable('messages').set({ isRead: 1 }).where('userId', '=', userId).where('isRead', '=', 0).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deletes the member's own messages among `ids` in one statement; answers the read state of each deleted row. */
export async function deleteOwnMessages(db: Kysely<Database>, userId: number, ids: readonly number[]): Promise<{ isRead: number }[]> {
  if (ids.length === 0) return [];
  return db.deleteFrom('messages').where('userId', '=', userId).where('id', 'in', ids).returning('isRead').execute();
}

export interface NewMessage {
  userId: number;
  messageType: number;
  msgContent: string;
  sendDate: number;
  isRead?: number;
}

export async function insertMessages(db: Kysely<Database>, messages: NewMessage[]): Promise<void> {
  if (messages.length === 0) return;
  await db
    .insertInto('messages')
    .values(messages.map((message) => ({ ...message, isRead: message.isRead ?? 0 })))
    .execute();
}
