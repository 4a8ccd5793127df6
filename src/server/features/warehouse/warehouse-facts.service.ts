import type { Kysely } from 'kysely';
import type { WarehouseFact } from '../../../contract/warehouse.ts';
import type { Database } from '../../db/database.ts';
import { findWarehouseFactRow, findWarehouseFactRows, type WarehouseFactRow } from './warehouse-facts.repository.ts';

/** What the site says of the warehouses the stock lives in (site facts read it; the console's 站点设置 edits it). */

export function warehouseFactOf(row: WarehouseFactRow): WarehouseFact {
  return { code: row.code, name: row.name, city: row.city, address: row.address, cutoffTime: row.cutoffTime, isPickup: row.isPickup === 1 };
}

/** The active warehouses in their order: the ones parts ship from. */
export async function listWarehouseFacts(db: Kysely<Database>): Promise<WarehouseFact[]> {
  return (await findWarehouseFactRows(db)).filter((row) => row.isActive === 1).map(warehouseFactOf);
}

export interface WarehousePlace {
  name: string;
  address: string;
  lngE6: number;
  latE6: number;
}

/** An active warehouse's place for its drawn map on /contact; undefined for an unknown or inactive one. */
export async function findWarehousePlace(db: Kysely<Database>, code: string): Promise<WarehousePlace | undefined> {
  const row = await findWarehouseFactRow(db, code);
  return row?.isActive === 1 ? { name: row.name, address: row.address, lngE6: row.lngE6, latE6: row.latE6 } : undefined;
}
