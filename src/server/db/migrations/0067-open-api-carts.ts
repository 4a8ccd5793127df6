import type { MigrationFactory } from './migration-helpers.ts';

/**
 * Carts through /open/v1 (issue 28): api_cart_lines holds one cart per API key, a line per
 * product with its quantity and 客户料号. A key's cart, not the member's: a program and the
 * buyer at the site never overwrite each other's lines, and a sandbox key's cart is its own.
 * A revoked or deleted key's lines go with it.
 */
export const openApiCartsMigration: MigrationFactory = () => ({
  async up(db) {
    await db.schema
      .createTable('api_cart_lines')
      .addColumn('key_id', 'integer', (c) => c.notNull().references('api_keys.id').onDelete('cascade'))
      .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('customer_part_no', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('api_cart_lines_pk', ['key_id', 'product_id'])
      .execute();
  },
});
