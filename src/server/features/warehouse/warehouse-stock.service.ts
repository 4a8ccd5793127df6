import type { Kysely } from 'kysely';
import { dispatchWarehousesOf, type DispatchWarehouse, type WarehouseStock } from '../../../contract/warehouse.ts';
import type { Database } from '../../db/database.ts';
import {
  addLineAllocations,
  addToWarehouse,
  deleteWarehouseRows,
  findLineAllocations,
  findProductWarehouses,
  findWarehouseQuantities,
  findWarehousesWithQuantity,
  findWarehouses,
  moveProductStock,
  setProductStockIfUnchanged,
  setProductStockToSum,
  setWarehouseIfUnchanged,
  setWarehouseQuantity,
  takeFromWarehouse,
  takeWholeFromFirstWarehouse,
  type WarehouseRow,
} from './warehouse-stock.repository.ts';

/**
 * Stock per warehouse. products.stock is the sellable total every reader uses (search, facets, cart,
 * checkout); it equals the sum of the part's product_warehouse_stock rows (units a figure written
 * straight into products adds count as the first warehouse's when an order takes them). Every writer of
 * stock comes through here, and each change moves the total and the warehouse rows in one transaction,
 * the product row first: the product row's lock (PostgreSQL's row lock, SQLite's one writer) is what
 * serialises everyone touching one part's warehouse rows, so no two writers can interleave on them.
 */

export interface Allocation {
  warehouseId: number;
  quantity: number;
}

export class WarehouseStockMismatch extends Error {}

export type { WarehouseRow };

export function listWarehouses(db: Kysely<Database>): Promise<WarehouseRow[]> {
  return findWarehouses(db);
}

async function activeWarehouses(db: Kysely<Database>): Promise<WarehouseRow[]> {
  return (await findWarehouses(db)).filter((warehouse) => warehouse.isActive === 1);
}

/** Each part's figure per warehouse: the active warehouses in order (zeros included), and any inactive one still holding units. */
export async function warehouseStockOf(db: Kysely<Database>, productIds: readonly number[]): Promise<Map<number, WarehouseStock[]>> {
  const warehouses = await findWarehouses(db);
  const quantities = new Map<string, number>();
  for (const row of await findWarehouseQuantities(db, productIds)) quantities.set(`${String(row.productId)}:${String(row.warehouseId)}`, row.quantity);
  const result = new Map<number, WarehouseStock[]>();
  for (const productId of productIds) {
    const list: WarehouseStock[] = [];
    for (const warehouse of warehouses) {
      const quantity = quantities.get(`${String(productId)}:${String(warehouse.id)}`) ?? 0;
      if (warehouse.isActive === 1 || quantity > 0)
        list.push({ warehouseId: warehouse.id, code: warehouse.code, name: warehouse.name, quantity, cutoffTime: warehouse.cutoffTime });
    }
    result.set(productId, list);
  }
  return result;
}

/** The warehouses holding units of any of these parts, with their cut-offs (checkout's 发货仓库). */
export async function dispatchWarehousesOfParts(db: Kysely<Database>, productIds: readonly number[]): Promise<DispatchWarehouse[]> {
  return dispatchWarehousesOf((await warehouseStockOf(db, productIds)).values());
}

/** One part's figures as warehouseStockOf gives them, in one statement (the product page). */
export async function warehouseStockOfProduct(db: Kysely<Database>, productId: number): Promise<WarehouseStock[]> {
  return (await findWarehousesWithQuantity(db, productId))
    .map((row) => ({
      warehouseId: row.id,
      code: row.code,
      name: row.name,
      quantity: row.quantity ?? 0,
      cutoffTime: row.cutoffTime,
      isActive: row.isActive === 1,
    }))
    .filter((row) => row.isActive || row.quantity > 0)
    .map(({ isActive: _isActive, ...warehouse }) => warehouse);
}

/**
 * Where `quantity` units just taken from products.stock come from. Policy: the first warehouse (by
 * sort order) that can fill the whole quantity, so a line ships in one parcel; when none can, the
 * warehouses in sort order, each emptied before the next. The first case, the common one, is one statement.
 *
 * Race-free on both engines: the caller has already decremented products.stock by a compare-and-set
 * in this transaction, so it holds the product row's lock (PostgreSQL: a row lock every other taker,
 * returner or setter of this part waits for; SQLite: the database's one write lock) until commit.
 * No one else can change this part's warehouse rows between the read below and the decrements.
 */
export async function allocateTakenUnits(trx: Kysely<Database>, productId: number, quantity: number): Promise<Allocation[]> {
  if (quantity <= 0) return [];
  // Inactive warehouses still holding units may give them: the total counts them.
  const whole = await takeWholeFromFirstWarehouse(trx, productId, quantity);
  if (whole !== null) return [{ warehouseId: whole, quantity }];
  const stock = await findProductWarehouses(trx, productId);
  const plan: Allocation[] = [];
  let left = quantity;
  for (const warehouse of stock) {
    const take = Math.min(left, warehouse.quantity);
    if (take > 0) plan.push({ warehouseId: warehouse.warehouseId, quantity: take });
    left -= take;
  }
  if (left > 0) {
    // products.stock held units no warehouse row records (a figure written straight into products, as
    // before migration 0044): the total is the authority on what can be sold, so they are taken as
    // the first warehouse's, like the backfill placed every unit, and go back there on a cancel.
    const first = (await activeWarehouses(trx))[0];
    if (!first) throw new WarehouseStockMismatch('no active warehouse to take units from');
    await addToWarehouse(trx, productId, first.id, left);
    const planned = plan.find((part) => part.warehouseId === first.id);
    if (planned) planned.quantity += left;
    else plan.push({ warehouseId: first.id, quantity: left });
  }
  for (const part of plan) {
    if (!(await takeFromWarehouse(trx, productId, part.warehouseId, part.quantity)))
      throw new WarehouseStockMismatch(`product ${String(productId)}: warehouse ${String(part.warehouseId)} changed under the product lock`);
  }
  return plan;
}

/** Records where each line's units came from: one statement for all the lines given. */
export async function recordLineAllocations(
  trx: Kysely<Database>,
  lines: readonly { orderLineId: number; allocations: readonly Allocation[] }[],
): Promise<void> {
  await addLineAllocations(
    trx,
    lines.flatMap(({ orderLineId, allocations }) => allocations.map((allocation) => ({ orderLineId, ...allocation }))),
  );
}

/**
 * Gives back what cancelled lines held, part by part in id order (the order placement's lock order):
 * the total, then each warehouse the units came from. Units a line held without an allocation record
 * (lines placed before migration 0044) go to the first warehouse.
 */
export async function returnLineUnits(
  trx: Kysely<Database>,
  lines: readonly { orderLineId: number; productId: number; quantity: number }[],
  now: number,
): Promise<void> {
  const held = lines.filter((line) => line.quantity > 0).sort((a, b) => a.productId - b.productId || a.orderLineId - b.orderLineId);
  if (held.length === 0) return;
  const allocations = await findLineAllocations(
    trx,
    held.map((line) => line.orderLineId),
  );
  const first = (await activeWarehouses(trx))[0];
  for (const line of held) {
    if (!(await moveProductStock(trx, line.productId, line.quantity, now))) continue;
    let left = line.quantity;
    for (const allocation of allocations.filter((row) => row.orderLineId === line.orderLineId)) {
      const give = Math.min(left, allocation.quantity);
      if (give > 0) await addToWarehouse(trx, line.productId, allocation.warehouseId, give);
      left -= give;
    }
    if (left > 0) {
      if (!first) throw new WarehouseStockMismatch('no active warehouse to return units to');
      await addToWarehouse(trx, line.productId, first.id, left);
    }
  }
}

/** Arrived units (a restock): to the given warehouse, else the first. The part's stock after, or null when there is no such part. */
export async function receiveUnits(trx: Kysely<Database>, productId: number, quantity: number, now: number, warehouseId?: number): Promise<number | null> {
  const moved = await moveProductStock(trx, productId, quantity, now);
  if (!moved) return null;
  const target = warehouseId ?? (await activeWarehouses(trx))[0]?.id;
  if (target === undefined) throw new WarehouseStockMismatch('no active warehouse to receive units');
  await addToWarehouse(trx, productId, target, quantity);
  return moved.stock;
}

export interface WarehouseFigure {
  warehouseId: number;
  /** The figure the form showed. */
  expectedQuantity: number;
  quantity: number;
}

/**
 * The stock form: each warehouse's figure set only over the one the form showed, the total moved by
 * the difference. Null when any figure changed meanwhile (an order took units): the caller's
 * transaction must then roll back, so nothing is half-written.
 */
export async function setWarehouseFigures(
  trx: Kysely<Database>,
  productId: number,
  figures: readonly WarehouseFigure[],
  now: number,
): Promise<{ stock: number; updatedAt: number } | null> {
  const delta = figures.reduce((sum, figure) => sum + figure.quantity - figure.expectedQuantity, 0);
  const moved = await moveProductStock(trx, productId, delta, now);
  if (!moved) return null;
  for (const figure of figures) {
    if (figure.quantity === figure.expectedQuantity) {
      // Unchanged figures are still checked: the form's total must be what it showed.
      const current = (await findWarehouseQuantities(trx, [productId])).find((row) => row.warehouseId === figure.warehouseId)?.quantity ?? 0;
      if (current !== figure.expectedQuantity) return null;
      continue;
    }
    if (!(await setWarehouseIfUnchanged(trx, productId, figure.warehouseId, figure.expectedQuantity, figure.quantity))) return null;
  }
  return moved;
}

/**
 * A price list's stock: the warehouses it names are set to its figures (others keep theirs) and the
 * total becomes their sum. The caller's import transaction already wrote the product row (its lock).
 */
export async function setImportedFigures(trx: Kysely<Database>, productId: number, figures: ReadonlyMap<number, number>): Promise<void> {
  for (const [warehouseId, quantity] of figures) await setWarehouseQuantity(trx, productId, warehouseId, quantity);
  await setProductStockToSum(trx, productId);
}

/** A new part's first stock (the console's or a price list's): all of it in given warehouses, the total their sum. */
export async function writeInitialFigures(trx: Kysely<Database>, productId: number, figures: ReadonlyMap<number, number>): Promise<void> {
  await setImportedFigures(trx, productId, figures);
}

/** Each part's figures for an undo snapshot: warehouse id → quantity. */
export async function figuresOf(db: Kysely<Database>, productIds: readonly number[]): Promise<Map<number, Record<string, number>>> {
  const result = new Map<number, Record<string, number>>();
  for (const row of await findWarehouseQuantities(db, productIds)) {
    const figures = result.get(row.productId) ?? {};
    figures[String(row.warehouseId)] = row.quantity;
    result.set(row.productId, figures);
  }
  return result;
}

/** Restores a snapshot from figuresOf: every warehouse of the part back to its figure (absent: 0), the total their sum. */
export async function restoreFigures(trx: Kysely<Database>, productId: number, figures: Readonly<Record<string, number>>): Promise<void> {
  const all = new Map<number, number>();
  for (const warehouse of await findWarehouses(trx)) all.set(warehouse.id, figures[String(warehouse.id)] ?? 0);
  await setImportedFigures(trx, productId, all);
}

/**
 * A rolled-back price list's stock: the part's total goes back to `stock` only while it is still what
 * the job wrote (`written`; null: whatever it is), so an order taking units meanwhile keeps them taken;
 * then its warehouses go back to their figures (absent: the whole total in the first warehouse, SZ, as
 * a snapshot from before migration 0044 holds). False when the stock had moved and nothing changed.
 */
export async function restoreStockIfUnchanged(
  trx: Kysely<Database>,
  productId: number,
  restore: { stock: number; written: number | null; figures: Readonly<Record<string, number>> | undefined },
): Promise<boolean> {
  if (!(await setProductStockIfUnchanged(trx, productId, restore.stock, restore.written))) return false;
  await restoreFigures(trx, productId, restore.figures ?? { [String((await warehouseIdsByCode(trx)).get('SZ') ?? 0)]: restore.stock });
  return true;
}

/** Each part's figures by warehouse code ({ SZ: 70, JS: 30 }), in batches of 500 parts. */
export async function warehouseFiguresByCode(db: Kysely<Database>, productIds: readonly number[]): Promise<Map<number, Record<string, number>>> {
  const result = new Map<number, Record<string, number>>();
  const ids = [...new Set(productIds)];
  for (let start = 0; start < ids.length; start += 500) {
    for (const [productId, list] of await warehouseStockOf(db, ids.slice(start, start + 500)))
      result.set(productId, Object.fromEntries(list.map((warehouse) => [warehouse.code, warehouse.quantity])));
  }
  return result;
}

/** Warehouse ids by code, for writers that name warehouses by code (the price list). */
export async function warehouseIdsByCode(db: Kysely<Database>): Promise<Map<string, number>> {
  return new Map((await findWarehouses(db)).map((warehouse) => [warehouse.code, warehouse.id]));
}

/** Forgets the figures of parts about to be deleted (a rolled-back import's new parts). */
export async function forgetProductStock(trx: Kysely<Database>, productIds: readonly number[]): Promise<void> {
  if (productIds.length > 0) await deleteWarehouseRows(trx, productIds);
}

export async function firstWarehouseId(db: Kysely<Database>): Promise<number> {
  const first = (await activeWarehouses(db))[0];
  if (!first) throw new WarehouseStockMismatch('no active warehouse');
  return first.id;
}
