import { withId, type MigrationFactory } from './migration-helpers.ts';

/**
 * Payments (issue 10). payment_attempts: one row per order and method the buyer chose at the
 * cashier, holding what was shown (the QR address, the bank details) and what came of it
 * (created → paid, or refundNeeded when money arrived for an order that could not take it).
 * payment_notifications: every notification a provider sent, with what the store made of it, so
 * a forged, replayed or wrong-amount notice leaves a trace and changes nothing.
 */
export const paymentsMigration: MigrationFactory = (engine) => ({
  async up(db) {
    await withId(db.schema.createTable('payment_attempts'), engine)
      .addColumn('order_no', 'text', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('method', 'text', (c) => c.notNull())
      // The number the provider knows the payment by (the order number: one payment per order and method).
      .addColumn('out_trade_no', 'text', (c) => c.notNull())
      .addColumn('amount_cents', 'bigint', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('instruction_json', 'text', (c) => c.notNull())
      .addColumn('trade_no', 'text')
      .addColumn('paid_cents', 'bigint')
      .addColumn('paid_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('payment_attempts_order_method').on('payment_attempts').columns(['order_no', 'method']).unique().execute();
    await db.schema.createIndex('payment_attempts_method_trade').on('payment_attempts').columns(['method', 'out_trade_no']).unique().execute();
    await db.schema.createIndex('payment_attempts_status').on('payment_attempts').columns(['status', 'updated_at']).execute();

    await withId(db.schema.createTable('payment_notifications'), engine)
      .addColumn('method', 'text', (c) => c.notNull())
      .addColumn('order_no', 'text')
      .addColumn('trade_no', 'text')
      .addColumn('amount_cents', 'bigint')
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('body_sha256', 'text', (c) => c.notNull())
      .addColumn('received_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('payment_notifications_order').on('payment_notifications').columns(['order_no', 'received_at']).execute();
    await db.schema.createIndex('payment_notifications_received').on('payment_notifications').column('received_at').execute();
  },
});
