import { sql } from 'kysely';
import type { MigrationFactory } from './migration-helpers.ts';

/**
 * The quotation's declared lifecycle (contract/quotation-lifecycle.ts).
 * orders.quotation_id: unique among live orders only (not 已取消), so an offer whose order was
 * cancelled or expired unpaid can be ordered again, and still never has two live orders.
 * quotations.offer_revision: how many times staff priced it; a page acting on an older offer
 * (staff priced it again meanwhile) is refused.
 * Offers left 已下单 by an order cancelled before payment get their offer back: 已报价 while valid,
 * else 已过期 (the store used to leave them 已下单 with nothing to order).
 */
export const quotationLifecycleMigration: MigrationFactory = () => ({
  async up(db) {
    await db.schema.dropIndex('orders_quotation').execute();
    await db.schema.createIndex('orders_quotation_live').on('orders').column('quotation_id').unique().where(sql.ref('status'), '<>', 'cancelled').execute();
    await db.schema.createIndex('orders_quotation').on('orders').column('quotation_id').execute();
    await db.schema
      .alterTable('quotations')
      .addColumn('offer_revision', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`update quotations set offer_revision = 1 where quoted_at is not null`.execute(db);
    const now = Date.now();
    await sql`update quotations
      set status = case when valid_until >= ${now} then 'quoted' else 'expired' end,
        order_no = null, ordered_at = null, accepted_at = null, updated_at = ${now}
      where status = 'ordered' and exists (
        select 1 from orders o where o.order_no = quotations.order_no and o.status = 'cancelled' and o.paid_at is null
      )`.execute(db);
  },
});
