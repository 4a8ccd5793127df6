import { sql, type Kysely } from 'kysely';
import { maxPurchaseQuantity } from '../../../contract/pricing.ts';
import type { Database } from '../../db/database.ts';

export interface CartItemRow {
  productId: number;
  quantity: number;
  isSelected: number;
  customerPartNo: string;
}

/** Newest lines first. */
export async function findCartItems(db: Kysely<Database>, userId: number): Promise<CartItemRow[]> {
  return db
    .selectFrom('cartItems')
    .select(['productId', 'quantity', 'isSelected', 'customerPartNo'])
    .where('userId', '=', userId)
    .orderBy('createdAt', 'desc')
    .orderBy('productId', 'desc')
    .execute();
}

/** What the buyer sees of a line now: the tier's unit price at its quantity, the pack size and the stock. */
export interface CartItemSeen {
  seenUnitPriceE4: number | null;
  seenPackSize: number;
  seenStock: number;
}

export interface SelectedCartItemRow extends Omit<CartItemSeen, 'seenPackSize' | 'seenStock'> {
  productId: number;
  quantity: number;
  seenPackSize: number | null;
  seenStock: number | null;
  customerPartNo: string;
}

/** The selected lines, newest first, with what the buyer saw of each. */
export async function findSelectedCartItems(db: Kysely<Database>, userId: number): Promise<SelectedCartItemRow[]> {
  return db
    .selectFrom('cartItems')
    .select(['productId', 'quantity', 'seenUnitPriceE4', 'seenPackSize', 'seenStock', 'customerPartNo'])
    .where('userId', '=', userId)
    .where('isSelected', '=', 1)
    .orderBy('createdAt', 'desc')
    .orderBy('productId', 'desc')
    .execute();
}

export async function setCartItemSeen(db: Kysely<Database>, userId: number, productId: number, seen: CartItemSeen): Promise<void> {
  await db.updateTable('cartItems').set(seen).where('userId', '=', userId).where('productId', '=', productId).execute();
}

/**
 * Adds to the line in one statement (insert, or add to the stored quantity on conflict), so
 * concurrent adds of one part never lose quantity. A new line takes `customerPartNo`, or when it is
 * null the one the member last ordered the part under (customer_part_numbers), and `seen`; a line
 * already there keeps its own. Returns the line's quantity afterwards, or null when it would pass
 * the maximum (the line is left as it was).
 */
export async function addToCartItem(
  db: Kysely<Database>,
  userId: number,
  line: { productId: number; quantity: number; customerPartNo: string | null; seen: CartItemSeen },
  now: number,
): Promise<number | null> {
  const { productId, quantity, customerPartNo, seen } = line;
  const row = await db
    .insertInto('cartItems')
    .values((eb) => ({
      userId,
      productId,
      quantity,
      customerPartNo:
        customerPartNo ??
        eb.fn.coalesce(
          eb.selectFrom('customerPartNumbers').select('customerPartNo').where('userId', '=', userId).where('productId', '=', productId),
          eb.val(''),
        ),
      ...seen,
      isSelected: 1,
      createdAt: now,
      updatedAt: now,
    }))
    .onConflict((conflict) =>
      conflict
        .columns(['userId', 'productId'])
        .doUpdateSet({ quantity: sql<number>`cart_items.quantity + excluded.quantity`, isSelected: 1, updatedAt: now })
        .where(sql<number>`cart_items.quantity + excluded.quantity`, '<=', maxPurchaseQuantity),
    )
    .returning('quantity')
    .executeTakeFirst();
  return row ? row.quantity : null;
}

export async function updateCartItemQuantity(db: Kysely<Database>, userId: number, productId: number, quantity: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('cartItems')
    .set({ quantity, updatedAt: now })
    .where('userId', '=', userId)
    .where('productId', '=', productId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function updateCartItemCustomerPartNo(
  db: Kysely<Database>,
  userId: number,
  productId: number,
  customerPartNo: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('cartItems')
    .set({ customerPartNo, updatedAt: now })
    .where('userId', '=', userId)
    .where('productId', '=', productId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteCartItems(db: Kysely<Database>, userId: number, productIds: readonly number[]): Promise<number> {
  const result = await db.deleteFrom('cartItems').where('userId', '=', userId).where('productId', 'in', productIds).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** productIds null: every line of the member. */
export async function setCartItemsSelected(
  db: Kysely<Database>,
  userId: number,
  productIds: readonly number[] | null,
  isSelected: boolean,
  now: number,
): Promise<void> {
  let query = db
    .updateTable('cartItems')
    .set({ isSelected: isSelected ? 1 : 0, updatedAt: now })
    .where('userId', '=', userId);
  if (productIds) query = query.where('productId', 'in', productIds);
  await query.execute();
}
