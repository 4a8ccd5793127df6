import { withId, type MigrationFactory } from './migration-helpers.ts';

/**
 * Refunds (issue 10). payment_refunds: one row per refund number staff gave, holding the provider
 * asked (alipay, wechat, development, or bankTransfer for a 线下退款), the amount, where it stands
 * (processing → succeeded | failed) and the provider's last answer. The unique refund number makes
 * a retried staff action find its row instead of refunding twice.
 */
export const paymentRefundsMigration: MigrationFactory = (engine) => ({
  async up(db) {
    await withId(db.schema.createTable('payment_refunds'), engine)
      .addColumn('refund_no', 'text', (c) => c.notNull())
      .addColumn('order_no', 'text', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('method', 'text', (c) => c.notNull())
      .addColumn('amount_cents', 'bigint', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('provider_refund_no', 'text')
      .addColumn('answer', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('finished_at', 'bigint')
      .execute();
    await db.schema.createIndex('payment_refunds_refund_no').on('payment_refunds').column('refund_no').unique().execute();
    await db.schema.createIndex('payment_refunds_order').on('payment_refunds').columns(['order_no', 'created_at']).execute();
  },
});
