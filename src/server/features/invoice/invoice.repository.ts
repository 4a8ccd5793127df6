import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import { memberDefaults } from '../../db/member-default.ts';
import type { InvoiceProfilesTable } from './invoice.tables.ts';

export type InvoiceProfileRow = Selectable<InvoiceProfilesTable>;
export type InvoiceProfileColumns = Omit<Insertable<InvoiceProfilesTable>, 'id' | 'userId' | 'isDefault' | 'createdAt' | 'updatedAt'>;

/** The default first, then the newest. */
export function findInvoiceProfileRows(db: Kysely<Database>, userId: number): Promise<InvoiceProfileRow[]> {
  return db
    .selectFrom('invoiceProfiles')
    .selectAll()
    .where('userId', '=', userId)
    .orderBy('isDefault', 'desc')
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export function findInvoiceProfileRow(db: Kysely<Database>, userId: number, id: number): Promise<InvoiceProfileRow | undefined> {
  return db.selectFrom('invoiceProfiles').selectAll().where('id', '=', id).where('userId', '=', userId).executeTakeFirst();
}

export async function countInvoiceProfileRows(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('invoiceProfiles')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return row.count;
}

export async function insertInvoiceProfileRow(
  db: Kysely<Database>,
  userId: number,
  columns: InvoiceProfileColumns,
  isDefault: boolean,
  now: number,
): Promise<number> {
  const { id } = await db
    .insertInto('invoiceProfiles')
    .values({ ...columns, userId, isDefault: isDefault ? 1 : 0, createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateInvoiceProfileRow(db: Kysely<Database>, userId: number, id: number, columns: InvoiceProfileColumns, now: number): Promise<void> {
  await db
    .updateTable('invoiceProfiles')
    .set({ ...columns, updatedAt: now })
    .where('id', '=', id)
    .where('userId', '=', userId)
    .execute();
}

const defaults = memberDefaults('invoiceProfiles');

/** Clears the member's default before another takes it (the partial unique index allows one). */
export const clearDefaultInvoiceProfile = defaults.clear;
export const markDefaultInvoiceProfile = defaults.mark;
/** Whether the deleted profile was the default; null when the member has no such profile. */
export const deleteInvoiceProfileRow = defaults.deleteRow;
/** The newest of the member's profiles becomes the default (none when there are none). */
export const markNewestInvoiceProfileDefault = defaults.markNewest;
