import { withId, type MigrationFactory } from './migration-helpers.ts';

/**
 * Shipments of an order (the console's 发货): an order may leave the warehouse in several parcels,
 * each with its carrier, tracking number and the quantities of each line it holds; the order is
 * 已发货 once the last one leaves.
 */
export const orderShipmentsMigration: MigrationFactory = (engine) => ({
  async up(db) {
    await withId(db.schema.createTable('order_shipments'), engine)
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
      .addColumn('carrier_code', 'varchar(32)', (c) => c.notNull())
      .addColumn('tracking_no', 'varchar(64)')
      .addColumn('shipped_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('order_shipments_order').on('order_shipments').columns(['order_id', 'id']).execute();
    await withId(db.schema.createTable('order_shipment_lines'), engine)
      .addColumn('shipment_id', 'integer', (c) => c.notNull().references('order_shipments.id'))
      .addColumn('order_line_id', 'integer', (c) => c.notNull().references('order_lines.id'))
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('order_shipment_lines_shipment').on('order_shipment_lines').column('shipment_id').execute();
    await db.schema.createIndex('order_shipment_lines_line').on('order_shipment_lines').column('order_line_id').execute();
  },
});
