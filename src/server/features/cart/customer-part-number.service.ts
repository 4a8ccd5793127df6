import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { findCustomerPartNos, upsertCustomerPartNos } from './customer-part-number.repository.ts';

/**
 * The member's 客户料号 per part, as last ordered (customer_part_numbers): the cart's add fills a new
 * line from it, an accepted offer's checkout fills its lines from it, and placement records what the
 * order's lines carried.
 */

/** productId → the remembered 客户料号, for the parts that have one. */
export function loadCustomerPartNos(db: Kysely<Database>, userId: number, productIds: readonly number[]): Promise<Map<number, string>> {
  return findCustomerPartNos(db, userId, [...new Set(productIds)]);
}

/**
 * Inside the order's transaction: the lines' 客户料号 become the member's for their parts. A line
 * without one leaves the part's remembered one as it was (a quick reorder does not forget it).
 */
export async function rememberCustomerPartNos(
  db: Kysely<Database>,
  userId: number,
  lines: readonly { productId: number; customerPartNo: string }[],
  now: number,
): Promise<void> {
  const byProduct = new Map(lines.filter((line) => line.customerPartNo !== '').map((line) => [line.productId, line.customerPartNo]));
  await upsertCustomerPartNos(
    db,
    userId,
    [...byProduct].map(([productId, customerPartNo]) => ({ productId, customerPartNo })),
    now,
  );
}
