import { withId, type MigrationFactory } from './migration-helpers.ts';

/**
 * Invoices issued for orders (issue 10). order_invoices: at most one per order (the unique order_id
 * makes two racing issues one), with the number staff typed from the tax system, when it was
 * issued and, when there is one, where the electronic invoice (PDF) can be downloaded.
 */
export const orderInvoicesMigration: MigrationFactory = (engine) => ({
  async up(db) {
    await withId(db.schema.createTable('order_invoices'), engine)
      .addColumn('order_id', 'integer', (c) => c.notNull().unique().references('orders.id').onDelete('cascade'))
      .addColumn('invoice_number', 'text', (c) => c.notNull())
      .addColumn('issued_at', 'bigint', (c) => c.notNull())
      .addColumn('file_url', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
  },
});
