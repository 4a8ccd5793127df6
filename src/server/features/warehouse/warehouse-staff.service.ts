import type { Kysely } from 'kysely';
import { warehouseErrors, type AdminWarehouse } from '../../../contract/warehouse.ts';
import type { Database } from '../../db/database.ts';
import { withTransaction, type AlongsideChange } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { findWarehouseFactRow, findWarehouseFactRows, updateWarehouseFactsIfUnchanged, type WarehouseFactRow } from './warehouse-facts.repository.ts';
import { warehouseFactOf } from './warehouse-facts.service.ts';

/**
 * What staff change of a warehouse's facts (the console's 站点设置 › 发货仓库): city, address, the
 * same-day cut-off and whether pickup is offered. The warehouses' cache_versions trigger carries a
 * change to every process, so help pages, product pages, /contact and checkout show it within a second.
 */

function adminWarehouseOf(row: WarehouseFactRow): AdminWarehouse {
  return { ...warehouseFactOf(row), isActive: row.isActive === 1, updatedAt: row.updatedAt };
}

export async function listWarehousesForStaff(db: Kysely<Database>): Promise<AdminWarehouse[]> {
  return (await findWarehouseFactRows(db)).map(adminWarehouseOf);
}

export interface WarehouseFactsInput {
  code: string;
  city: string;
  address: string;
  cutoffTime: string;
  isPickup: boolean;
  /** The updatedAt the editor loaded: a save over another's change is refused. */
  updatedAt: number;
}

export interface WarehouseChange {
  before: AdminWarehouse;
  after: AdminWarehouse;
}

/** Saves the facts over the value the editor loaded, in one transaction with what the caller adds (its audit entry). */
export async function saveWarehouseFacts(
  db: Kysely<Database>,
  input: WarehouseFactsInput,
  alongside: AlongsideChange<WarehouseChange>,
  now = Date.now(),
): Promise<AdminWarehouse> {
  return withTransaction(db, async (trx) => {
    const before = await findWarehouseFactRow(trx, input.code);
    if (!before) throw new AppError(warehouseErrors.notFound);
    const facts = { city: input.city, address: input.address, cutoffTime: input.cutoffTime, isPickup: input.isPickup ? 1 : 0 };
    if (!(await updateWarehouseFactsIfUnchanged(trx, input.code, facts, input.updatedAt, now))) throw new AppError(warehouseErrors.staleEdit);
    const after = await findWarehouseFactRow(trx, input.code);
    if (!after) throw new Error(`warehouse ${input.code} vanished in its own transaction`);
    const change = { before: adminWarehouseOf(before), after: adminWarehouseOf(after) };
    await alongside(trx, change);
    return change.after;
  });
}
