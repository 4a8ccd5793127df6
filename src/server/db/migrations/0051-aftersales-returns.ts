import { sql } from 'kysely';
import type { MigrationFactory } from './migration-helpers.ts';

/**
 * After-sales returns (contract/complaint-lifecycle.ts): a complaint carries its return (RMA number,
 * address, quantity, when authorised; the member's carrier and tracking number; when received), its
 * refund through the order (number and amount) and its replacement parcel. The open statuses a line
 * may have one complaint in now include the return's steps, so complaints_open_line is made again;
 * complaints_return_due finds authorised returns the clock closes.
 */
export const aftersalesReturnsMigration: MigrationFactory = () => ({
  async up(db) {
    const columns: [string, 'text' | 'integer' | 'bigint'][] = [
      ['rma_no', 'text'],
      ['return_address', 'text'],
      ['return_quantity', 'integer'],
      ['return_authorised_at', 'bigint'],
      ['return_carrier_name', 'text'],
      ['return_tracking_no', 'text'],
      ['return_shipped_at', 'bigint'],
      ['goods_received_at', 'bigint'],
      ['refund_no', 'text'],
      ['refund_cents', 'integer'],
      ['replace_carrier_name', 'text'],
      ['replace_tracking_no', 'text'],
    ];
    for (const [name, type] of columns) await db.schema.alterTable('complaints').addColumn(name, type).execute();
    await db.schema.dropIndex('complaints_open_line').execute();
    await db.schema
      .createIndex('complaints_open_line')
      .on('complaints')
      .column('order_line_id')
      .unique()
      .where(sql.ref('status'), 'in', ['pending', 'processing', 'returnAuthorised', 'returnShipped', 'goodsReceived'])
      .execute();
    await db.schema
      .createIndex('complaints_return_due')
      .on('complaints')
      .column('return_authorised_at')
      .where(sql.ref('status'), '=', 'returnAuthorised')
      .execute();
  },
});
