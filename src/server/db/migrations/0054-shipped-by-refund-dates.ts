import { sql } from 'kysely';
import type { MigrationFactory } from './migration-helpers.ts';

/**
 * Orders made 已发货 by a refund of what was left to send (refundRemaining) were stored without
 * their shipping date and carrier, so the auto-confirmation never counted their days; they take
 * those of their last parcel, as the refund does now (order-refund.service refundOrderChanges).
 */
export const shippedByRefundDatesMigration: MigrationFactory = () => ({
  async up(db) {
    const lastParcel = (column: string) =>
      sql`(select ${sql.ref(`s.${column}`)} from order_shipments s where s.order_id = orders.id order by s.shipped_at desc, s.id desc limit 1)`;
    await db
      .updateTable('orders')
      .set({ shipped_at: lastParcel('shipped_at'), carrier_code: lastParcel('carrier_code'), tracking_no: lastParcel('tracking_no') })
      .where('status', '=', 'shipped')
      .where('shipped_at', 'is', null)
      .where(sql<boolean>`exists (select 1 from order_shipments s where s.order_id = orders.id)`)
      .execute();
  },
});
