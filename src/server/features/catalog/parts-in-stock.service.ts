import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { countProducts } from './product-list.repository.ts';

/** How many parts of the catalogue are in stock now (the site's "现货 N种" claims): one count over every part, so callers cache it. */
export function countPartsInStock(db: Kysely<Database>): Promise<number> {
  return countProducts(db, { isStockOnly: true });
}
