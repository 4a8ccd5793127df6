import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import { memberDefaults } from '../../db/member-default.ts';
import type { AddressesTable } from './address.tables.ts';

export type AddressRow = Selectable<AddressesTable>;
export type AddressColumns = Omit<Insertable<AddressesTable>, 'id' | 'userId' | 'isDefault' | 'createdAt' | 'updatedAt'>;

/** The default first, then the newest. */
export function findAddressRows(db: Kysely<Database>, userId: number): Promise<AddressRow[]> {
  return db
    .selectFrom('addresses')
    .selectAll()
    .where('userId', '=', userId)
    .orderBy('isDefault', 'desc')
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export function findAddressRow(db: Kysely<Database>, userId: number, id: number): Promise<AddressRow | undefined> {
  return db.selectFrom('addresses').selectAll().where('id', '=', id).where('userId', '=', userId).executeTakeFirst();
}

export async function countAddressRows(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('addresses')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return row.count;
}

export async function insertAddressRow(db: Kysely<Database>, userId: number, columns: AddressColumns, isDefault: boolean, now: number): Promise<number> {
  const { id } = await db
    .insertInto('addresses')
    .values({ ...columns, userId, isDefault: isDefault ? 1 : 0, createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateAddressRow(db: Kysely<Database>, userId: number, id: number, columns: AddressColumns, now: number): Promise<void> {
  await db
    .updateTable('addresses')
    .set({ ...columns, updatedAt: now })
    .where('id', '=', id)
    .where('userId', '=', userId)
    .execute();
}

const defaults = memberDefaults('addresses');

/** Clears the member's default before another takes it (the partial unique index allows one). */
export const clearDefaultAddress = defaults.clear;
export const markDefaultAddress = defaults.mark;
/** Whether the deleted address was the default; null when the member has no such address. */
export const deleteAddressRow = defaults.deleteRow;
/** The newest of the member's addresss becomes the default (none when there are none). */
export const markNewestAddressDefault = defaults.markNewest;
