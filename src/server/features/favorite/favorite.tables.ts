import type { Generated } from 'kysely';

export interface FavoritesTable {
  userId: number;
  productId: number;
  createdAt: number;
  /** 到货提醒: 0/1. */
  stockAlertOn: Generated<number>;
  /** The stock the back-in-stock alert last saw: 0 arms it; null while it is off. */
  alertStockSeen: number | null;
  /** 降价提醒: 0/1. */
  priceAlertOn: Generated<number>;
  /** The one-piece price when the price alert was switched on or last notified; a lower price is news. */
  alertPriceE4: number | null;
}

/** One row (id 1): the alert pass has read catalog_changes through seenThrough. */
export interface FavoriteAlertCursorTable {
  id: number;
  seenThrough: number;
}

export interface FavoriteTables {
  favorites: FavoritesTable;
  favoriteAlertCursor: FavoriteAlertCursorTable;
}
