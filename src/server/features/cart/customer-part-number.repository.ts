import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/** The member's remembered 客户料号 per part (customer_part_numbers). */

export async function findCustomerPartNos(db: Kysely<Database>, userId: number, productIds: readonly number[]): Promise<Map<number, string>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('customerPartNumbers')
    .select(['productId', 'customerPartNo'])
    .where('userId', '=', userId)
    .where('productId', 'in', productIds)
    .execute();
  return new Map(rows.map((row) => [row.productId, row.customerPartNo]));
}

/** One statement: each part's 客户料号 replaced by the given one. */
export async function upsertCustomerPartNos(
  db: Kysely<Database>,
  userId: number,
  entries: readonly { productId: number; customerPartNo: string }[],
  now: number,
): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insertInto('customerPartNumbers')
    .values(entries.map((entry) => ({ userId, productId: entry.productId, customerPartNo: entry.customerPartNo, updatedAt: now })))
    .onConflict((conflict) =>
      conflict.columns(['userId', 'productId']).doUpdateSet((eb) => ({
        customerPartNo: eb.ref('excluded.customerPartNo'),
        updatedAt: eb.ref('excluded.updatedAt'),
      })),
    )
    .execute();
}
