import { sql } from 'kysely';
import type { MigrationFactory } from './migration-helpers.ts';

/**
 * The payment and refund lifecycles (contract/payment-lifecycle.ts, refund-lifecycle.ts).
 * payment_refunds: `kind` (adjustment, the default, or a binding kind whose failure stays owed),
 * `attempt_id` (a late payment's attempt: that refund is not counted in orders.refunded_cents), and
 * the reconciliation's schedule (`next_check_at`, `check_count`, for its back-off). payment_attempts
 * get the same schedule; the old `refundNeeded` becomes `lateRefunding`, whose refund the
 * reconciliation starts. Nothing is scheduled at once: rows are first checked ten minutes after
 * their last change, as new ones are by default.
 */
export const paymentLifecycleMigration: MigrationFactory = () => ({
  async up(db) {
    await db.schema
      .alterTable('payment_refunds')
      .addColumn('kind', 'text', (c) => c.notNull().defaultTo('adjustment'))
      .execute();
    await db.schema.alterTable('payment_refunds').addColumn('attempt_id', 'integer').execute();
    await db.schema.alterTable('payment_refunds').addColumn('next_check_at', 'bigint').execute();
    await db.schema
      .alterTable('payment_refunds')
      .addColumn('check_count', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('payment_attempts').addColumn('next_check_at', 'bigint').execute();
    await db.schema
      .alterTable('payment_attempts')
      .addColumn('check_count', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    const firstCheckMs = 10 * 60_000;
    await sql`update payment_attempts set status = 'lateRefunding' where status = 'refundNeeded'`.execute(db);
    await sql`update payment_attempts set next_check_at = updated_at + ${firstCheckMs}
      where status = 'created' and method in ('alipay', 'wechat')`.execute(db);
    await sql`update payment_refunds set next_check_at = updated_at + ${firstCheckMs}
      where status = 'processing' and method <> 'bankTransfer'`.execute(db);

    await db.schema.createIndex('payment_refunds_check').on('payment_refunds').columns(['status', 'next_check_at']).execute();
    await db.schema.createIndex('payment_refunds_attempt').on('payment_refunds').column('attempt_id').execute();
    await db.schema.createIndex('payment_attempts_check').on('payment_attempts').columns(['status', 'next_check_at']).execute();
  },
});
