import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/** The SQL of what the site says of each warehouse (migration 0056); its stock is warehouse-stock.repository.ts's. */

export interface WarehouseFactRow {
  code: string;
  name: string;
  city: string;
  address: string;
  cutoffTime: string;
  isPickup: number;
  isActive: number;
  lngE6: number;
  latE6: number;
  updatedAt: number;
}

const columns = ['code', 'name', 'city', 'address', 'cutoffTime', 'isPickup', 'isActive', 'lngE6', 'latE6', 'updatedAt'] as const;

export function findWarehouseFactRows(db: Kysely<Database>): Promise<WarehouseFactRow[]> {
  return db.selectFrom('warehouses').select(columns).orderBy('sort').orderBy('id').execute();
}

export function findWarehouseFactRow(db: Kysely<Database>, code: string): Promise<WarehouseFactRow | undefined> {
  return db.selectFrom('warehouses').select(columns).where('code', '=', code).executeTakeFirst();
}

export interface WarehouseFactsChange {
  city: string;
  address: string;
  cutoffTime: string;
  isPickup: number;
}

/** The warehouse takes these facts if it still has the updatedAt the editor loaded; false otherwise (or no such warehouse). */
export async function updateWarehouseFactsIfUnchanged(
  trx: Kysely<Database>,
  code: string,
  facts: WarehouseFactsChange,
  loadedUpdatedAt: number,
  now: number,
): Promise<boolean> {
  const result = await trx
    .updateTable('warehouses')
    .set({ ...facts, updatedAt: Math.max(now, loadedUpdatedAt + 1) })
    .where('code', '=', code)
    .where('updatedAt', '=', loadedUpdatedAt)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
