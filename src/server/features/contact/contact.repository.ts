import type { Insertable, Kysely } from 'kysely';
import type { ContactMessageStatus } from '../../../contract/contact.ts';
import type { Database } from '../../db/database.ts';
import type { ContactMessageRow, ContactMessagesTable, ContactOfficeRow } from './contact.tables.ts';

export async function findOffices(db: Kysely<Database>): Promise<ContactOfficeRow[]> {
  return db.selectFrom('contactOffices').selectAll().orderBy('sort').orderBy('id').execute();
}

export async function findOffice(db: Kysely<Database>, id: number): Promise<ContactOfficeRow | undefined> {
  return db.selectFrom('contactOffices').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertContactMessage(db: Kysely<Database>, row: Insertable<ContactMessagesTable>): Promise<number> {
  const inserted = await db.insertInto('contactMessages').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function findContactMessage(db: Kysely<Database>, id: number): Promise<ContactMessageRow | undefined> {
  return db.selectFrom('contactMessages').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countContactMessages(db: Kysely<Database>, status: ContactMessageStatus | null): Promise<number> {
  let query = db.selectFrom('contactMessages').select((eb) => eb.fn.countAll<number | string>().as('count'));
  if (status !== null) query = query.where('status', '=', status);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findContactMessagePage(
  db: Kysely<Database>,
  status: ContactMessageStatus | null,
  offset: number,
  limit: number,
): Promise<ContactMessageRow[]> {
  let query = db.selectFrom('contactMessages').selectAll();
  if (status !== null) query = query.where('status', '=', status);
  return query.orderBy('createdAt', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute();
}

/** 待处理 → 已处理 in one conditional update: of two staff marking it at once, one does. */
export async function claimContactMessageHandled(db: Kysely<Database>, id: number, handledBy: string, now: number, handledNote = ''): Promise<boolean> {
  const result = await db
    .updateTable('contactMessages')
    .set({ status: 'handled', handledAt: now, handledBy, handledNote })
    .where('id', '=', id)
    .where('status', '=', 'new')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
