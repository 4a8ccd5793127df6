import { sql } from 'kysely';
import type { MigrationFactory } from './migration-helpers.ts';

/**
 * The invoice's declared lifecycle (contract/invoice-lifecycle.ts): an issued invoice whose order is
 * then cancelled or refunded in full waits for its red-letter reversal (红冲, 待红冲), which staff
 * register with the red invoice's number (已红冲). Invoices of orders already cancelled or closed wait.
 */
export const invoiceLifecycleMigration: MigrationFactory = () => ({
  async up(db) {
    await db.schema
      .alterTable('order_invoices')
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('issued'))
      .execute();
    await db.schema.alterTable('order_invoices').addColumn('reversal_number', 'text').execute();
    await db.schema.alterTable('order_invoices').addColumn('reversed_at', 'bigint').execute();
    await db.schema.alterTable('order_invoices').addColumn('updated_at', 'bigint').execute();
    await sql`update order_invoices set status = 'reversalPending'
      where order_id in (select id from orders where status in ('cancelled', 'closed'))`.execute(db);
    await db.schema.createIndex('order_invoices_status').on('order_invoices').column('status').execute();
  },
});
