export interface FavoritesTable {
  userId: number;
  productId: number;
  createdAt: number;
}

export interface FavoriteTables {
  favorites: FavoritesTable;
}
