import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/** better-sqlite3's and PostgreSQL's (23503) code for a row whose reference does not exist. */
function isForeignKeyViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  return error.code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || error.code === '23503';
}

/**
 * Adds the favorite in one statement: a second add changes nothing (the primary key), and a
 * part that does not exist (or was just deleted) is refused by the foreign key, so there is
 * no check before the write to race with. False when the part does not exist.
 */
export async function insertFavorite(db: Kysely<Database>, userId: number, productId: number, now: number): Promise<boolean> {
  try {
    await db
      .insertInto('favorites')
      .values({ userId, productId, createdAt: now })
      .onConflict((conflict) => conflict.columns(['userId', 'productId']).doNothing())
      .execute();
    return true;
  } catch (error) {
    if (isForeignKeyViolation(error)) return false;
    throw error;
  }
}

export async function deleteFavorite(db: Kysely<Database>, userId: number, productId: number): Promise<void> {
  await db.deleteFrom('favorites').where('userId', '=', userId).where('productId', '=', productId).execute();
}

export async function hasFavorite(db: Kysely<Database>, userId: number, productId: number): Promise<boolean> {
  const row = await db.selectFrom('favorites').select('productId').where('userId', '=', userId).where('productId', '=', productId).executeTakeFirst();
  return row !== undefined;
}

export async function countFavoritesOfUser(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('favorites')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row?.count ?? 0;
}
