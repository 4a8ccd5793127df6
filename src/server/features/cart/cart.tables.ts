export interface CartItemsTable {
  userId: number;
  productId: number;
  quantity: number;
  isSelected: number;
  createdAt: number;
  updatedAt: number;
}

export interface CartTables {
  cartItems: CartItemsTable;
}
