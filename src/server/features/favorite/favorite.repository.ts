import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

export async function insertFavorite(db: Kysely<Database>, userId: number, productId: number, now: number): Promise<void> {
  await db
    .insertInto('favorites')
    .values({ userId, productId, createdAt: now })
    .onConflict((conflict) => conflict.columns(['userId', 'productId']).doNothing())
    .execute();
}

export async function deleteFavorite(db: Kysely<Database>, userId: number, productId: number): Promise<void> {
  await db.deleteFrom('favorites').where('userId', '=', userId).where('productId', '=', productId).execute();
}

export async function hasFavorite(db: Kysely<Database>, userId: number, productId: number): Promise<boolean> {
  const row = await db.selectFrom('favorites').select('productId').where('userId', '=', userId).where('productId', '=', productId).executeTakeFirst();
  return row !== undefined;
}

export async function countFavoritesOfUser(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db.selectFrom('favorites').select((eb) => eb.fn.countAll<number>().as('count')).where('userId', '=', userId).executeTakeFirst();
  return Number(row?.count ?? 0);
}
