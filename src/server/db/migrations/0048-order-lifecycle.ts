import { sql } from 'kysely';
import type { MigrationFactory } from './migration-helpers.ts';

/**
 * The order's declared lifecycle (contract/order-lifecycle.ts): 部分发货 and 已关闭 become states of
 * their own, and a refund may take units off a line before they are sent (`cancelled_quantity`,
 * no longer shipped). Orders already part-shipped or refunded in full are moved to the new states.
 */
export const orderLifecycleMigration: MigrationFactory = () => ({
  async up(db) {
    await db.schema
      .alterTable('order_lines')
      .addColumn('cancelled_quantity', 'integer', (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`cancelled_quantity >= 0`),
      )
      .execute();
    await db.schema.alterTable('orders').addColumn('closed_at', 'bigint').execute();
    await sql`update orders set status = 'partlyShipped'
      where status = 'unshipped' and exists (select 1 from order_shipments s where s.order_id = orders.id)`.execute(db);
    await sql`update orders set status = 'closed', closed_at = updated_at
      where status in ('unshipped', 'partlyShipped', 'shipped', 'completed') and paid_at is not null and refunded_cents >= payable_cents`.execute(db);
  },
});
