import type { Kysely, Selectable } from 'kysely';
import { purchasingFields, type PurchasingData } from '../../../contract/purchasing.ts';
import type { Database } from '../../db/database.ts';
import type { ProductsTable } from './catalog.tables.ts';

/** The products' purchasing columns (migration 0058), as every read of them selects them: the contract's fields, one name each. */
export const purchasingColumns = purchasingFields;

export type PurchasingRow = Pick<Selectable<ProductsTable>, (typeof purchasingColumns)[number]>;

export function purchasingOfRow(row: PurchasingRow): PurchasingData {
  return {
    reachStatus: row.reachStatus,
    msl: row.msl,
    eccn: row.eccn,
    originCountry: row.originCountry,
    packaging: row.packaging,
    factoryLeadWeeks: row.factoryLeadWeeks,
    cadSymbolUrl: row.cadSymbolUrl,
    cadFootprintUrl: row.cadFootprintUrl,
    cadModelUrl: row.cadModelUrl,
  };
}

const idChunk = 500;

/** The purchasing data and RoHS flag of these parts (a part gone is absent). */
export async function findPurchasing(
  db: Kysely<Database>,
  productIds: readonly number[],
): Promise<Map<number, { isRohs: boolean; purchasing: PurchasingData }>> {
  const found = new Map<number, { isRohs: boolean; purchasing: PurchasingData }>();
  const ids = [...new Set(productIds)];
  for (let start = 0; start < ids.length; start += idChunk) {
    const rows = await db
      .selectFrom('products')
      .select(['id', 'isRohs', ...purchasingColumns])
      .where('id', 'in', ids.slice(start, start + idChunk))
      .execute();
    for (const row of rows) found.set(row.id, { isRohs: row.isRohs === 1, purchasing: purchasingOfRow(row) });
  }
  return found;
}
