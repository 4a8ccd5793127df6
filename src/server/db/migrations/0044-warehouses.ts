import { sql } from 'kysely';
import { withId, type MigrationFactory } from './migration-helpers.ts';

/**
 * Stock per warehouse (issue 14): `warehouses` (深圳仓 first, 江苏仓), each part's units per warehouse
 * in `product_warehouse_stock`, and where each order line's reserved units were taken from in
 * `order_line_allocations` (so a cancel gives them back to the same warehouses).
 * products.stock stays the sellable total every reader uses; it always equals the sum of the part's
 * warehouse rows (a missing row is 0). Backfill: each part's stock goes to 深圳仓 in one INSERT … SELECT.
 */
export const warehousesMigration: MigrationFactory = (engine) => ({
  async up(db) {
    await withId(db.schema.createTable('warehouses'), engine)
      .addColumn('code', 'varchar(16)', (c) => c.notNull().unique())
      .addColumn('name', 'varchar(32)', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull())
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db
      .insertInto('warehouses')
      .values([
        { code: 'SZ', name: '深圳仓', sort: 1, is_active: 1 },
        { code: 'JS', name: '江苏仓', sort: 2, is_active: 1 },
      ])
      .execute();
    await db.schema
      .createTable('product_warehouse_stock')
      .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('warehouse_id', 'integer', (c) => c.notNull().references('warehouses.id'))
      .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 0`))
      .addPrimaryKeyConstraint('product_warehouse_stock_pk', ['product_id', 'warehouse_id'])
      .execute();
    await sql`
      INSERT INTO product_warehouse_stock (product_id, warehouse_id, quantity)
      SELECT p.id, w.id, p.stock FROM products p CROSS JOIN warehouses w WHERE w.code = 'SZ' AND p.stock > 0`.execute(db);
    await db.schema
      .createTable('order_line_allocations')
      .addColumn('order_line_id', 'integer', (c) => c.notNull().references('order_lines.id'))
      .addColumn('warehouse_id', 'integer', (c) => c.notNull().references('warehouses.id'))
      .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 0`))
      .addPrimaryKeyConstraint('order_line_allocations_pk', ['order_line_id', 'warehouse_id'])
      .execute();
  },
});
