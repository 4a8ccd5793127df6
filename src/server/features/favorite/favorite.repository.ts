import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared-query.ts';

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

export async function deleteFavorites(db: Kysely<Database>, userId: number, productIds: readonly number[]): Promise<number> {
  if (productIds.length === 0) return 0;
  const result = await db.deleteFrom('favorites').where('userId', '=', userId).where('productId', 'in', productIds).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function hasFavorite(db: Kysely<Database>, userId: number, productId: number): Promise<boolean> {
  const row = await db.selectFrom('favorites').select('productId').where('userId', '=', userId).where('productId', '=', productId).executeTakeFirst();
  return row !== undefined;
}

/** The home page's card reads it for every member: compiled once (db/prepared-query.ts). */
const favoriteCountQuery = preparedQuery((db: Kysely<Database>, userId: number) =>
  db
    .selectFrom('favorites')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('userId', '=', userId),
);

export async function countFavoritesOfUser(db: Kysely<Database>, userId: number): Promise<number> {
  const [row] = await favoriteCountQuery(db, userId);
  return row?.count ?? 0;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** The member's favourites matching a keyword in the part number, brand (either name) or description. */
function filteredFavorites(db: Kysely<Database>, userId: number, keyword: string) {
  let query = db
    .selectFrom('favorites as f')
    .innerJoin('products as p', 'p.id', 'f.productId')
    .innerJoin('brands as b', 'b.id', 'p.brandId')
    .where('f.userId', '=', userId);
  if (keyword !== '') {
    const pattern = `%${escapeLike(keyword.toUpperCase())}%`;
    query = query.where((eb) =>
      eb.or([
        sql<boolean>`upper(p.code) like ${pattern} escape '\\'`,
        sql<boolean>`upper(b.name_en) like ${pattern} escape '\\'`,
        sql<boolean>`upper(coalesce(b.name_cn, '')) like ${pattern} escape '\\'`,
        sql<boolean>`upper(p.description) like ${pattern} escape '\\'`,
      ]),
    );
  }
  return query;
}

export interface FavoriteRow {
  productId: number;
  createdAt: number;
  stockAlertOn: number;
  priceAlertOn: number;
  code: string;
  nameEn: string;
  nameCn: string | null;
  package: string;
  description: string;
  imagePath: string | null;
  stock: number;
  packSize: number;
  lifecycle: 'active' | 'nrnd' | 'eol';
}

/** Newest favourites first. */
export function findFavoritePage(db: Kysely<Database>, userId: number, keyword: string, offset: number, limit: number): Promise<FavoriteRow[]> {
  return filteredFavorites(db, userId, keyword)
    .select([
      'f.productId',
      'f.createdAt',
      'f.stockAlertOn',
      'f.priceAlertOn',
      'p.code',
      'b.nameEn',
      'b.nameCn',
      'p.package',
      'p.description',
      'p.imagePath',
      'p.stock',
      'p.packSize',
      'p.lifecycle',
    ])
    .orderBy('f.createdAt', 'desc')
    .orderBy('f.productId', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function countFavoritePage(db: Kysely<Database>, userId: number, keyword: string): Promise<number> {
  const row = await filteredFavorites(db, userId, keyword)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirst();
  return row?.count ?? 0;
}

/** The part's stock and one-piece price (its first tier) now; undefined when it is gone. */
export function findProductState(db: Kysely<Database>, productId: number) {
  return db.selectFrom('products').select(['stock', 'firstTierPriceE4']).where('id', '=', productId).executeTakeFirst();
}

/**
 * Switches a favourite's alerts in one statement. An alert switched on starts from the part as it
 * is now (stock, one-piece price); one left on keeps its mark; one switched off forgets it.
 * False when the member has no such favourite.
 */
export async function updateFavoriteAlerts(
  db: Kysely<Database>,
  userId: number,
  productId: number,
  alerts: { stock: boolean; price: boolean },
  now: { stock: number; priceE4: number | null },
): Promise<boolean> {
  const result = await db
    .updateTable('favorites')
    .set((eb) => ({
      stockAlertOn: alerts.stock ? 1 : 0,
      alertStockSeen: alerts.stock ? eb.case().when('stockAlertOn', '=', 1).then(eb.ref('alertStockSeen')).else(now.stock).end() : null,
      priceAlertOn: alerts.price ? 1 : 0,
      alertPriceE4: alerts.price ? eb.case().when('priceAlertOn', '=', 1).then(eb.ref('alertPriceE4')).else(now.priceE4).end() : null,
    }))
    .where('userId', '=', userId)
    .where('productId', '=', productId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
