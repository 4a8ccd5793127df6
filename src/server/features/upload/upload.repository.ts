import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { UploadsTable } from './upload.tables.ts';

export type UploadRow = Selectable<UploadsTable>;

export async function insertUpload(db: Kysely<Database>, upload: Insertable<UploadsTable>): Promise<void> {
  await db.insertInto('uploads').values(upload).execute();
}

/** Qiniu uploads met for the first time at their claim; a key already known stays as it was. */
export async function insertUploadsIfMissing(db: Kysely<Database>, uploads: readonly Insertable<UploadsTable>[]): Promise<void> {
  if (uploads.length === 0) return;
  await db
    .insertInto('uploads')
    .values([...uploads])
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
}

export async function findUploads(db: Kysely<Database>, keys: readonly string[]): Promise<UploadRow[]> {
  if (keys.length === 0) return [];
  return db.selectFrom('uploads').selectAll().where('key', 'in', keys).execute();
}

/** Marks the member's uploads as attached to something; the first claim's time stays. */
export async function markUploadsClaimed(db: Kysely<Database>, userId: number, keys: readonly string[], now: number): Promise<void> {
  if (keys.length === 0) return;
  await db.updateTable('uploads').set({ claimedAt: now }).where('userId', '=', userId).where('key', 'in', keys).where('claimedAt', 'is', null).execute();
}
