import type { Generated } from 'kysely';

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
  /** The buyer's own part number (客户料号); '' for none. */
  customerPartNo: Generated<string>;
}

/**
 * The member's 客户料号 per part, as last ordered: a part added to the cart again comes with it. The cart
 * owns it because the cart reads it on every add; placement writes it through the cart's service in the
 * order's transaction (the order feature already depends on the cart, never the other way).
 */
export interface CustomerPartNumbersTable {
  userId: number;
  productId: number;
  customerPartNo: string;
  updatedAt: number;
}

export interface CartTables {
  cartItems: CartItemsTable;
  customerPartNumbers: CustomerPartNumbersTable;
}
