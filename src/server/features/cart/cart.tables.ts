export interface CartItemsTable {
  userId: number;
  productId: number;
  quantity: number;
  isSelected: number;
  createdAt: number;
  updatedAt: number;
  /** What the buyer last saw for this line (set on add and quantity change): checkout shows what changed since. */
  seenUnitPriceE4: number | null;
  seenPackSize: number | null;
  seenStock: number | null;
}

export interface CartTables {
  cartItems: CartItemsTable;
}
