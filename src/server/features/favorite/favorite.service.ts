import type { Kysely } from 'kysely';
import { productErrors } from '../../../contract/catalog.ts';
import type { FavoriteResponse } from '../../../contract/favorite.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { countFavoritesOfUser, deleteFavorite, hasFavorite, insertFavorite } from './favorite.repository.ts';

// Favorites sit below the catalogue: the product page asks isFavorite, and this feature uses
// no other (the database's foreign key says whether a part exists).

/** The member centre's and home card's favourite count. */
export function countFavorites(db: Kysely<Database>, userId: number): Promise<number> {
  return countFavoritesOfUser(db, userId);
}

export function isFavorite(db: Kysely<Database>, userId: number, productId: number): Promise<boolean> {
  return hasFavorite(db, userId, productId);
}

/** Adding twice keeps one favorite. */
export async function addFavorite(db: Kysely<Database>, userId: number, productId: number): Promise<FavoriteResponse> {
  if (!(await insertFavorite(db, userId, productId, Date.now()))) throw new AppError(productErrors.notFound);
  return { isFavorite: true };
}

export async function removeFavorite(db: Kysely<Database>, userId: number, productId: number): Promise<FavoriteResponse> {
  await deleteFavorite(db, userId, productId);
  return { isFavorite: false };
}
