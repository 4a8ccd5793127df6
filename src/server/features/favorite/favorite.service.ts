import type { Kysely } from 'kysely';
import type { FavoriteResponse } from '../../../contract/catalog.ts';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../http/app-error.ts';
import { loadPackSize } from '../catalog/product.service.ts';
import { countFavoritesOfUser, deleteFavorite, hasFavorite, insertFavorite } from './favorite.repository.ts';

/** The member centre's and home card's favourite count. */
export function countFavorites(db: Kysely<Database>, userId: number): Promise<number> {
  return countFavoritesOfUser(db, userId);
}

export function isFavorite(db: Kysely<Database>, userId: number, productId: number): Promise<boolean> {
  return hasFavorite(db, userId, productId);
}

/** Adding twice keeps one favorite. */
export async function addFavorite(db: Kysely<Database>, userId: number, productId: number): Promise<FavoriteResponse> {
  if ((await loadPackSize(db, productId)) === undefined) throw notFound('商品不存在');
  await insertFavorite(db, userId, productId, Date.now());
  return { isFavorite: true };
}

export async function removeFavorite(db: Kysely<Database>, userId: number, productId: number): Promise<FavoriteResponse> {
  await deleteFavorite(db, userId, productId);
  return { isFavorite: false };
}
