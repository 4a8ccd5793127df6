import { withId, type MigrationFactory } from './migration-helpers.ts';

/**
 * Quotation requests and offers (issue 11, /user/quotation). quotations: one request of a member,
 * its status and, once staff priced it, the offer's total and validity date. quotation_lines: the
 * requested parts and, per line, the offer (product, unit price, quantity). orders.quotation_id:
 * the order placed from an accepted offer; unique, so one offer makes at most one order.
 */
export const quotationsMigration: MigrationFactory = (engine) => ({
  async up(db) {
    await withId(db.schema.createTable('quotations'), engine)
      .addColumn('quotation_no', 'text', (c) => c.notNull().unique())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // The member's saved BOM it came from, if any (no reference: a deleted BOM leaves the quotation).
      .addColumn('bom_id', 'integer')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('staff_note', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('line_count', 'integer', (c) => c.notNull())
      .addColumn('total_cents', 'bigint')
      .addColumn('quoted_at', 'bigint')
      .addColumn('valid_until', 'bigint')
      .addColumn('accepted_at', 'bigint')
      .addColumn('ordered_at', 'bigint')
      .addColumn('order_no', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('quotations_user_created').on('quotations').columns(['user_id', 'created_at']).execute();
    await db.schema.createIndex('quotations_status_valid').on('quotations').columns(['status', 'valid_until']).execute();

    await withId(db.schema.createTable('quotation_lines'), engine)
      .addColumn('quotation_id', 'integer', (c) => c.notNull().references('quotations.id').onDelete('cascade'))
      .addColumn('line_no', 'integer', (c) => c.notNull())
      .addColumn('part_number', 'text', (c) => c.notNull())
      .addColumn('brand', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('package', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('product_id', 'integer')
      // The offer, as staff priced it (null: not offered).
      .addColumn('offer_product_id', 'integer')
      .addColumn('offer_product_code', 'text')
      .addColumn('offer_product_name', 'text')
      .addColumn('offer_brand_name', 'text')
      .addColumn('offer_package', 'text')
      .addColumn('offer_unit_price_e4', 'bigint')
      .addColumn('offer_quantity', 'integer')
      .addColumn('offer_amount_cents', 'bigint')
      .execute();
    await db.schema.createIndex('quotation_lines_quotation').on('quotation_lines').columns(['quotation_id', 'line_no']).execute();

    await db.schema.alterTable('orders').addColumn('quotation_id', 'integer').execute();
    await db.schema.createIndex('orders_quotation').on('orders').column('quotation_id').unique().execute();
  },
});
