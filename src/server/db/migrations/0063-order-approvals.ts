import type { MigrationFactory } from './migration-helpers.ts';

/**
 * Company approval of orders (issue 28, decision 0029). company_accounts.approval_threshold_cents:
 * the amount above which a 采购's order waits for an approver (null: no approval). order_approvals,
 * owned by the order feature: one row per order that was held for approval, its company and
 * threshold as they were at placement, and the decision (approved or rejected, by whom, when, why).
 */
export const orderApprovalsMigration: MigrationFactory = () => ({
  async up(db) {
    await db.schema.alterTable('company_accounts').addColumn('approval_threshold_cents', 'bigint').execute();
    await db.schema
      .createTable('order_approvals')
      .addColumn('order_id', 'integer', (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
      .addColumn('company_id', 'integer', (c) => c.notNull().references('company_accounts.id').onDelete('cascade'))
      .addColumn('buyer_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('threshold_cents', 'bigint', (c) => c.notNull())
      .addColumn('decision', 'text')
      .addColumn('decided_by', 'integer', (c) => c.references('users.id'))
      .addColumn('decided_at', 'bigint')
      .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('order_approvals_company').on('order_approvals').columns(['company_id', 'created_at']).execute();
  },
});
