import { sql } from 'kysely';
import { withId, type MigrationFactory } from './migration-helpers.ts';

/**
 * Orders (issue 10) grow from the home page's first table (0007): amounts in cents, the buyer's
 * choices, snapshots (lines, address, invoice) so later edits to the catalogue or the address book
 * never change what was bought, and a timeline. Cart lines remember what the buyer last saw
 * (price, pack size, stock) so checkout shows what changed instead of repricing silently.
 */
export const ordersMigration: MigrationFactory = (engine) => ({
  async up(db) {
    const columns: [string, 'text' | 'bigint', unknown][] = [
      ['idempotency_key', 'text', ''],
      ['goods_cents', 'bigint', 0],
      ['freight_cents', 'bigint', 0],
      ['goods_discount_cents', 'bigint', 0],
      ['freight_discount_cents', 'bigint', 0],
      ['payable_cents', 'bigint', 0],
      ['carrier_code', 'text', ''],
      ['shortfall_choice', 'text', 'shipAvailable'],
      ['remark', 'text', ''],
      ['refunded_cents', 'bigint', 0],
      ['updated_at', 'bigint', 0],
    ];
    for (const [name, type, fallback] of columns) {
      await db.schema
        .alterTable('orders')
        .addColumn(name, type, (c) => c.notNull().defaultTo(fallback))
        .execute();
    }
    for (const name of ['address_json', 'invoice_json', 'coupons_json', 'payment_method', 'payment_trade_no', 'cancel_reason', 'tracking_no']) {
      await db.schema.alterTable('orders').addColumn(name, 'text').execute();
    }
    for (const name of ['paid_at', 'expires_at', 'cancelled_at', 'shipped_at', 'completed_at']) {
      await db.schema.alterTable('orders').addColumn(name, 'bigint').execute();
    }
    // The home page's orders: statuses renamed, amounts in cents, one key each.
    await sql`update orders set status = case status when 'pending' then 'unpaid' when 'paid' then 'unshipped' else status end,
      goods_cents = (trade_amount_e4 + 50) / 100, payable_cents = (trade_amount_e4 + 50) / 100,
      idempotency_key = order_no, updated_at = created_at`.execute(db);
    await db.schema.alterTable('orders').dropColumn('trade_amount_e4').execute();
    await db.schema.createIndex('orders_user_idempotency_key').on('orders').columns(['user_id', 'idempotency_key']).unique().execute();
    await db.schema.createIndex('orders_user_status_created').on('orders').columns(['user_id', 'status', 'created_at']).execute();
    await db.schema.createIndex('orders_status_expires').on('orders').columns(['status', 'expires_at']).execute();

    await withId(db.schema.createTable('order_lines'), engine)
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
      .addColumn('product_code', 'text', (c) => c.notNull())
      .addColumn('product_name', 'text', (c) => c.notNull())
      .addColumn('brand_name', 'text', (c) => c.notNull())
      .addColumn('package', 'text', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull())
      // Taken from products.stock at placement; the rest (wait for all) is on back order.
      .addColumn('reserved_quantity', 'integer', (c) => c.notNull())
      .addColumn('unit_price_e4', 'bigint', (c) => c.notNull())
      .addColumn('amount_cents', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('order_lines_order').on('order_lines').column('order_id').execute();
    await db.schema.createIndex('order_lines_product').on('order_lines').column('product_id').execute();

    await withId(db.schema.createTable('order_events'), engine)
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('order_events_order_at').on('order_events').columns(['order_id', 'at']).execute();

    await db.schema.alterTable('cart_items').addColumn('seen_unit_price_e4', 'bigint').execute();
    await db.schema.alterTable('cart_items').addColumn('seen_pack_size', 'integer').execute();
    await db.schema.alterTable('cart_items').addColumn('seen_stock', 'integer').execute();
  },
});
