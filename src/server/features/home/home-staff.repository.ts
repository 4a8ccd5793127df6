import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { BannersTable } from './home.tables.ts';

/** The banner slides as the console's content desk edits them (home-staff.service.ts). */

export function findBannerRow(db: Kysely<Database>, id: number) {
  return db.selectFrom('banners').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findBannerRows(db: Kysely<Database>) {
  return db.selectFrom('banners').selectAll().orderBy('sort').orderBy('id').execute();
}

export async function insertBannerRow(db: Kysely<Database>, banner: Insertable<BannersTable>): Promise<number> {
  const inserted = await db.insertInto('banners').values(banner).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/** False when the slide is gone. */
export async function updateBannerRow(db: Kysely<Database>, id: number, banner: Updateable<BannersTable>): Promise<boolean> {
  const updated = await db.updateTable('banners').set(banner).where('id', '=', id).executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

/** False when another delete removed it first. */
export async function deleteBannerRow(db: Kysely<Database>, id: number): Promise<boolean> {
  const deleted = await db.deleteFrom('banners').where('id', '=', id).executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}
