import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { warehousesMigration } from '../../db/migrations/0044-warehouses.ts';
import { createTestDb, type TestDb } from '../../testing/test-db.ts';
import { insertProduct } from '../../testing/factories.ts';
import { insertOrderCatalog } from '../order/testing/order-fixture.ts';

/** Migration 0044 run over a store that already has parts: each part's stock lands in 深圳仓, the total unchanged. */
describe('migration 0044: warehouses', () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb();
  }, 60_000);
  afterAll(async () => db.drop());

  it('creates 深圳仓 then 江苏仓 and moves every part’s stock into 深圳仓 in one statement', async () => {
    const catalog = await insertOrderCatalog(db);
    const parts = [
      await insertProduct(db.kysely, { ...catalog, stock: 1200 }),
      await insertProduct(db.kysely, { ...catalog, stock: 0 }),
      await insertProduct(db.kysely, { ...catalog, stock: 7 }),
    ];
    // Back to the store as it was before 0044 (the fixture wrote warehouse rows already).
    await db.kysely.schema.dropTable('order_line_allocations').execute();
    await db.kysely.schema.dropTable('product_warehouse_stock').execute();
    await db.kysely.schema.dropTable('warehouses').execute();
    // 0044's own up(), as the migrator runs it (the later migrations are already in place).
    await warehousesMigration(db.engine).up(db.kysely);

    const warehouses = await db.kysely.selectFrom('warehouses').select(['code', 'name', 'isActive']).orderBy('sort').execute();
    expect(warehouses).toEqual([
      { code: 'SZ', name: '深圳仓', isActive: 1 },
      { code: 'JS', name: '江苏仓', isActive: 1 },
    ]);
    const rows = await db.kysely
      .selectFrom('productWarehouseStock as s')
      .innerJoin('warehouses as w', 'w.id', 's.warehouseId')
      .select(['s.productId', 'w.code', 's.quantity'])
      .where('s.productId', 'in', parts)
      .orderBy('s.productId')
      .execute();
    // A part with no units needs no row: a missing row holds 0.
    expect(rows).toEqual([
      { productId: parts[0], code: 'SZ', quantity: 1200 },
      { productId: parts[2], code: 'SZ', quantity: 7 },
    ]);
    const totals = await db.kysely.selectFrom('products').select(['id', 'stock']).where('id', 'in', parts).orderBy('id').execute();
    expect(totals.map((row) => row.stock)).toEqual([1200, 0, 7]);
    await expect(
      db.kysely
        .insertInto('productWarehouseStock')
        .values({ productId: parts[1] ?? 0, warehouseId: 1, quantity: -1 })
        .execute(),
    ).rejects.toThrow();
  });
});
