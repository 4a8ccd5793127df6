import type { Kysely } from 'kysely';
import { brandDisplayName, productErrors } from '../../../contract/catalog.ts';
import {
  favoriteErrors,
  type FavoriteAlertResponse,
  type FavoriteItem,
  type FavoriteListData,
  type FavoriteListQuery,
  type FavoriteRemoveManyResponse,
  type FavoriteResponse,
} from '../../../contract/favorite.ts';
import { initialQuantityOf, unitPriceE4At } from '../../../contract/pricing.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { loadPriceTiers } from '../catalog/product.service.ts';
import {
  countFavoritePage,
  countFavoritesOfUser,
  deleteFavorites,
  findFavoritePage,
  findProductState,
  hasFavorite,
  insertFavorite,
  updateFavoriteAlerts,
} from './favorite.repository.ts';

// Favorites sit above the catalogue: their list prices parts through catalog/product.service.ts, and
// the product page reads its favourite flag itself (catalog/product.repository.ts isFavoriteOf).

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
  await deleteFavorites(db, userId, [productId]);
  return { isFavorite: false };
}

/** Removing favourites already gone counts nothing and is no failure (another tab removed them). */
export async function removeFavorites(db: Kysely<Database>, userId: number, productIds: readonly number[]): Promise<FavoriteRemoveManyResponse> {
  return { removedCount: await deleteFavorites(db, userId, [...new Set(productIds)]) };
}

export async function setFavoriteAlerts(
  db: Kysely<Database>,
  userId: number,
  productId: number,
  alerts: { stock: boolean; price: boolean },
): Promise<FavoriteAlertResponse> {
  const part = await findProductState(db, productId);
  const now = { stock: part?.stock ?? 0, priceE4: part?.firstTierPriceE4 ?? null };
  if (!(await updateFavoriteAlerts(db, userId, productId, alerts, now))) throw new AppError(favoriteErrors.notFound);
  return { isStockAlertOn: alerts.stock, isPriceAlertOn: alerts.price };
}

/** The page of favourites a query asks for; a page past the end shows the last page. */
export async function listFavorites(db: Kysely<Database>, userId: number, query: FavoriteListQuery): Promise<FavoriteListData> {
  const total = await countFavoritePage(db, userId, query.keyword);
  const lastPage = Math.max(1, Math.ceil(total / query.pageSize));
  const page = Math.min(query.page, lastPage);
  const rows = await findFavoritePage(db, userId, query.keyword, (page - 1) * query.pageSize, query.pageSize);
  const tiers = await loadPriceTiers(
    db,
    rows.map((row) => row.productId),
  );
  const items = rows.map((row): FavoriteItem => {
    const priceTiers = tiers.get(row.productId) ?? [];
    const stock = row.stock;
    return {
      productId: row.productId,
      code: row.code,
      brandName: brandDisplayName(row.nameEn, row.nameCn),
      package: row.package,
      description: row.description,
      imagePath: row.imagePath,
      stock,
      packSize: row.packSize,
      initialQuantity: initialQuantityOf({ packSize: row.packSize, priceTiers }),
      unitPriceE4: unitPriceE4At(priceTiers, 1),
      isDiscontinued: priceTiers.length === 0 || (row.lifecycle === 'eol' && stock === 0),
      createdAt: row.createdAt,
      isStockAlertOn: row.stockAlertOn === 1,
      isPriceAlertOn: row.priceAlertOn === 1,
    };
  });
  return { ...query, page, items, total };
}
