import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

export interface ContentDraftRow {
  payload: string | null;
  revision: number;
}

export async function findContentDraft(db: Kysely<Database>, key: string): Promise<ContentDraftRow | undefined> {
  return db.selectFrom('contentDrafts').select(['payload', 'revision']).where('key', '=', key).executeTakeFirst();
}

export async function findContentDrafts(db: Kysely<Database>, keys: readonly string[]): Promise<Map<string, ContentDraftRow>> {
  if (keys.length === 0) return new Map();
  const rows = await db.selectFrom('contentDrafts').select(['key', 'payload', 'revision']).where('key', 'in', keys).execute();
  return new Map(rows.map(({ key, ...row }) => [key, row]));
}

/**
 * Sets the draft (or clears it: payload null) only over the revision the editor named, moving the
 * revision on; the first draft of a piece inserts its row. False: someone else moved it first.
 */
export async function writeContentDraft(db: Kysely<Database>, key: string, revision: number, payload: string | null, now: number): Promise<boolean> {
  const updated = await db
    .updateTable('contentDrafts')
    .set({ payload, revision: revision + 1, updatedAt: now })
    .where('key', '=', key)
    .where('revision', '=', revision)
    .executeTakeFirst();
  if (updated.numUpdatedRows > 0n) return true;
  if (revision !== 0) return false;
  const inserted = await db
    .insertInto('contentDrafts')
    .values({ key, payload, revision: 1, updatedAt: now })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  return inserted !== undefined;
}
