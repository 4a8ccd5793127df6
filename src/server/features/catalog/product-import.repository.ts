import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { ProductPricesTable, ProductsTable } from './catalog.tables.ts';

/** The products as a price list (features/price-import) writes them, in its batches' transactions (product-import.service.ts). */

/** Keys per IN (...) list and rows per multi-row insert: well under SQLite's and PostgreSQL's parameter limits. */
const chunkSize = 500;

function chunks<T>(items: readonly T[], size = chunkSize): T[][] {
  const out: T[][] = [];
  for (let index = 0; index < items.length; index += size) out.push(items.slice(index, index + size));
  return out;
}

export async function updateProductFields(db: Kysely<Database>, productId: number, changes: Updateable<ProductsTable>): Promise<void> {
  await db.updateTable('products').set(changes).where('id', '=', productId).execute();
}

export async function insertProduct(db: Kysely<Database>, product: Insertable<ProductsTable>): Promise<number> {
  const { id } = await db.insertInto('products').values(product).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** These parts' tiers are replaced by the rows given (a part among productIds without rows keeps none). */
export async function replacePriceRows(db: Kysely<Database>, rows: readonly Insertable<ProductPricesTable>[], productIds: readonly number[]): Promise<void> {
  for (const ids of chunks(productIds)) await db.deleteFrom('productPrices').where('productId', 'in', ids).execute();
  for (const batch of chunks(rows, 1000)) if (batch.length > 0) await db.insertInto('productPrices').values(batch).execute();
}

/** The parts and their tiers. */
export async function deleteProducts(db: Kysely<Database>, productIds: readonly number[]): Promise<void> {
  await db.deleteFrom('productPrices').where('productId', 'in', productIds).execute();
  await db.deleteFrom('products').where('id', 'in', productIds).execute();
}
