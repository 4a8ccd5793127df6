import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared-query.ts';

/** The SQL of stock per warehouse: the only place that writes product_warehouse_stock and order_line_allocations. */

export interface WarehouseRow {
  id: number;
  code: string;
  name: string;
  sort: number;
  isActive: number;
  cutoffTime: string;
}

export function findWarehouses(db: Kysely<Database>): Promise<WarehouseRow[]> {
  return db.selectFrom('warehouses').select(['id', 'code', 'name', 'sort', 'isActive', 'cutoffTime']).orderBy('sort').orderBy('id').execute();
}

/** Read on every product page: compiled once (db/prepared-query.ts). */
const warehousesWithQuantityQuery = preparedQuery((db: Kysely<Database>, productId: number) =>
  db
    .selectFrom('warehouses as w')
    .leftJoin('productWarehouseStock as s', (join) => join.onRef('s.warehouseId', '=', 'w.id').on('s.productId', '=', productId))
    .select(['w.id', 'w.code', 'w.name', 'w.isActive', 'w.cutoffTime', 's.quantity'])
    .orderBy('w.sort')
    .orderBy('w.id'),
);

/** Every warehouse with one part's quantity in it (0 without a row), in order: one statement. */
export function findWarehousesWithQuantity(db: Kysely<Database>, productId: number) {
  return warehousesWithQuantityQuery(db, productId);
}

export function findWarehouseQuantities(db: Kysely<Database>, productIds: readonly number[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('productWarehouseStock')
    .select(['productId', 'warehouseId', 'quantity'])
    .where('productId', 'in', [...productIds])
    .execute();
}

/** Moves products.stock by `delta` (never below zero); the stock and updatedAt after, or undefined (no such part, or too few). */
export function moveProductStock(trx: Kysely<Database>, productId: number, delta: number, now: number) {
  return trx
    .updateTable('products')
    .set((eb) => ({
      stock: eb('stock', '+', delta),
      updatedAt: sql<number>`case when ${eb.ref('updatedAt')} >= ${now} then ${eb.ref('updatedAt')} + 1 else ${now} end`,
    }))
    .where('id', '=', productId)
    .where('stock', '>=', -delta)
    .returning(['stock', 'updatedAt'])
    .executeTakeFirst();
}

/** Takes `take` units from one warehouse if it holds them. */
export async function takeFromWarehouse(trx: Kysely<Database>, productId: number, warehouseId: number, take: number): Promise<boolean> {
  const result = await trx
    .updateTable('productWarehouseStock')
    .set((eb) => ({ quantity: eb('quantity', '-', take) }))
    .where('productId', '=', productId)
    .where('warehouseId', '=', warehouseId)
    .where('quantity', '>=', take)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Takes `take` units from the first warehouse (by sort order) holding them all, in one statement;
 * returns that warehouse, or null when none holds them all.
 */
export async function takeWholeFromFirstWarehouse(trx: Kysely<Database>, productId: number, take: number): Promise<number | null> {
  const row = await trx
    .updateTable('productWarehouseStock')
    .set((eb) => ({ quantity: eb('quantity', '-', take) }))
    .where('productId', '=', productId)
    .where('quantity', '>=', take)
    .where('warehouseId', '=', (eb) =>
      eb
        .selectFrom('productWarehouseStock as s')
        .innerJoin('warehouses as w', 'w.id', 's.warehouseId')
        .select('s.warehouseId')
        .where('s.productId', '=', productId)
        .where('s.quantity', '>=', take)
        .orderBy('w.sort')
        .orderBy('w.id')
        .limit(1),
    )
    .returning('warehouseId')
    .executeTakeFirst();
  return row?.warehouseId ?? null;
}

export async function addToWarehouse(trx: Kysely<Database>, productId: number, warehouseId: number, quantity: number): Promise<void> {
  await trx
    .insertInto('productWarehouseStock')
    .values({ productId, warehouseId, quantity })
    .onConflict((oc) => oc.columns(['productId', 'warehouseId']).doUpdateSet({ quantity: sql<number>`product_warehouse_stock.quantity + ${quantity}` }))
    .execute();
}

/** Sets one warehouse's figure only while it still holds `expected` (a missing row holds 0). */
export async function setWarehouseIfUnchanged(
  trx: Kysely<Database>,
  productId: number,
  warehouseId: number,
  expected: number,
  quantity: number,
): Promise<boolean> {
  if (expected === 0) {
    const inserted = await trx
      .insertInto('productWarehouseStock')
      .values({ productId, warehouseId, quantity })
      .onConflict((oc) => oc.columns(['productId', 'warehouseId']).doUpdateSet({ quantity }).where('productWarehouseStock.quantity', '=', 0))
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
  }
  const updated = await trx
    .updateTable('productWarehouseStock')
    .set({ quantity })
    .where('productId', '=', productId)
    .where('warehouseId', '=', warehouseId)
    .where('quantity', '=', expected)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Sets one warehouse's figure whatever it was (the price list's). */
export async function setWarehouseQuantity(trx: Kysely<Database>, productId: number, warehouseId: number, quantity: number): Promise<void> {
  await trx
    .insertInto('productWarehouseStock')
    .values({ productId, warehouseId, quantity })
    .onConflict((oc) => oc.columns(['productId', 'warehouseId']).doUpdateSet({ quantity }))
    .execute();
}

/** Sets products.stock only while it is still `expected` (null: whatever it is); false when it moved meanwhile. */
export async function setProductStockIfUnchanged(trx: Kysely<Database>, productId: number, stock: number, expected: number | null): Promise<boolean> {
  let query = trx.updateTable('products').set({ stock }).where('id', '=', productId);
  if (expected !== null) query = query.where('stock', '=', expected);
  return Number((await query.executeTakeFirst()).numUpdatedRows) > 0;
}

/** products.stock = the sum of the part's warehouse figures (after the price list set some of them). */
export async function setProductStockToSum(trx: Kysely<Database>, productId: number): Promise<void> {
  await trx
    .updateTable('products')
    .set({
      stock: (eb) =>
        eb.fn.coalesce(
          eb
            .selectFrom('productWarehouseStock as s')
            .select((s) => s.fn.sum<number>('s.quantity').as('total'))
            .whereRef('s.productId', '=', 'products.id'),
          sql<number>`0`,
        ),
    })
    .where('id', '=', productId)
    .execute();
}

export function findLineAllocations(db: Kysely<Database>, orderLineIds: readonly number[]) {
  if (orderLineIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('orderLineAllocations')
    .select(['orderLineId', 'warehouseId', 'quantity'])
    .where('orderLineId', 'in', [...orderLineIds])
    .orderBy('orderLineId')
    .orderBy('warehouseId')
    .execute();
}

/** Adds to lines' allocations in one statement (a back order's later units add to a line's row of that warehouse). */
export async function addLineAllocations(
  trx: Kysely<Database>,
  rows: readonly { orderLineId: number; warehouseId: number; quantity: number }[],
): Promise<void> {
  const given = rows.filter((row) => row.quantity > 0);
  if (given.length === 0) return;
  await trx
    .insertInto('orderLineAllocations')
    .values(given)
    .onConflict((oc) => oc.columns(['orderLineId', 'warehouseId']).doUpdateSet({ quantity: sql<number>`order_line_allocations.quantity + excluded.quantity` }))
    .execute();
}

/** One part's figure in every warehouse (0 where it has no row), in the warehouses' order: one statement. */
export function findProductWarehouses(db: Kysely<Database>, productId: number) {
  return db
    .selectFrom('warehouses as w')
    .leftJoin('productWarehouseStock as s', (join) => join.onRef('s.warehouseId', '=', 'w.id').on('s.productId', '=', productId))
    .select(['w.id as warehouseId', 'w.isActive', (eb) => eb.fn.coalesce('s.quantity', eb.lit(0)).as('quantity')])
    .orderBy('w.sort')
    .orderBy('w.id')
    .execute();
}

export async function deleteWarehouseRows(trx: Kysely<Database>, productIds: readonly number[]): Promise<void> {
  await trx
    .deleteFrom('productWarehouseStock')
    .where('productId', 'in', [...productIds])
    .execute();
}
