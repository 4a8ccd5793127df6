import type { MigrationFactory } from './migration-helpers.ts';

/**
 * Procurement references (issue 28): an order's purchase order number (采购订单号), the buyer's own
 * part number (客户料号) on cart and order lines, and the member's last 客户料号 per part
 * (customer_part_numbers, the cart's: a part added again comes with it). '' means none.
 */
export const procurementReferencesMigration: MigrationFactory = () => ({
  async up(db) {
    await db.schema
      .alterTable('orders')
      .addColumn('po_number', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('order_lines')
      .addColumn('customer_part_no', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('cart_items')
      .addColumn('customer_part_no', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .createTable('customer_part_numbers')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('customer_part_no', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('customer_part_numbers_pk', ['user_id', 'product_id'])
      .execute();
  },
});
