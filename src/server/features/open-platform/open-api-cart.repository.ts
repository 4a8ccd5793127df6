import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/** The carts of API keys (/open/v1/cart): the only SQL of api_cart_lines. */

export interface ApiCartLine {
  productId: number;
  quantity: number;
  customerPartNo: string;
  updatedAt: number;
}

/** The key's lines, first added first. */
export function findApiCartLines(db: Kysely<Database>, keyId: number): Promise<ApiCartLine[]> {
  return db
    .selectFrom('apiCartLines')
    .select(['productId', 'quantity', 'customerPartNo', 'updatedAt'])
    .where('keyId', '=', keyId)
    .orderBy('createdAt')
    .orderBy('productId')
    .execute();
}

/** Sets each line's quantity and 客户料号 (a new product is added, one already there replaced). */
export async function upsertApiCartLines(
  db: Kysely<Database>,
  keyId: number,
  lines: readonly { productId: number; quantity: number; customerPartNo: string }[],
  now: number,
): Promise<void> {
  for (const line of lines) {
    await db
      .insertInto('apiCartLines')
      .values({ keyId, ...line, createdAt: now, updatedAt: now })
      .onConflict((conflict) =>
        conflict.columns(['keyId', 'productId']).doUpdateSet({ quantity: line.quantity, customerPartNo: line.customerPartNo, updatedAt: now }),
      )
      .execute();
  }
}

export async function countApiCartLines(db: Kysely<Database>, keyId: number): Promise<number> {
  const row = await db
    .selectFrom('apiCartLines')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('keyId', '=', keyId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Removes the products' lines (all of them when none are named); how many went. */
export async function deleteApiCartLines(db: Kysely<Database>, keyId: number, productIds?: readonly number[]): Promise<number> {
  if (productIds?.length === 0) return 0;
  let query = db.deleteFrom('apiCartLines').where('keyId', '=', keyId);
  if (productIds) query = query.where('productId', 'in', productIds);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * After an order from the cart: the ordered lines leave it, unless the program changed one while
 * the order was placed (its updated_at is later), which stays for the next order.
 */
export async function deleteOrderedApiCartLines(db: Kysely<Database>, keyId: number, productIds: readonly number[], placedFrom: number): Promise<void> {
  if (productIds.length === 0) return;
  await db.deleteFrom('apiCartLines').where('keyId', '=', keyId).where('productId', 'in', productIds).where('updatedAt', '<=', placedFrom).execute();
}
