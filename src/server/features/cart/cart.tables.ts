export interface CartItemsTable {
  userId: number;
  productId: number;
  quantity: number;
  isSelected: number;
  createdAt: number;
  updatedAt: number;
}

export interface FavoritesTable {
  userId: number;
  productId: number;
  createdAt: number;
}

export interface CartTables {
  cartItems: CartItemsTable;
  favorites: FavoritesTable;
}
