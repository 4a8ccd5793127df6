import { sql } from 'kysely';
import type { MigrationFactory } from './migration-helpers.ts';

/**
 * Favourite alerts (issue 12): per favourite, 到货提醒 (stock_alert_on; alert_stock_seen is the stock
 * the alert last saw: 0 arms it, a later stock above 0 sends the message once) and 降价提醒
 * (price_alert_on; alert_price_e4 is the one-piece price when it was switched on or last notified:
 * a lower price sends it once and becomes the new mark). favorite_alert_cursor: how far the alert
 * pass has read catalog_changes (one row, moved by a guarded update). The change log already
 * records every write to products and product_prices (migration 0008), so no trigger is added.
 */
export const favoriteAlertsMigration: MigrationFactory = () => ({
  async up(db) {
    await db.schema
      .alterTable('favorites')
      .addColumn('stock_alert_on', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('favorites').addColumn('alert_stock_seen', 'bigint').execute();
    await db.schema
      .alterTable('favorites')
      .addColumn('price_alert_on', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('favorites').addColumn('alert_price_e4', 'bigint').execute();
    // The pass looks up the alerts of changed parts; the member's list reads by the primary key.
    await db.schema.createIndex('favorites_product').on('favorites').columns(['product_id']).execute();
    await db.schema
      .createTable('favorite_alert_cursor')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('seen_through', 'bigint', (c) => c.notNull())
      .execute();
    // Alerts start from now: changes written before the feature existed are not news.
    await sql`INSERT INTO favorite_alert_cursor (id, seen_through)
      SELECT 1, COALESCE((SELECT max(seq) FROM catalog_changes), (SELECT pruned_through FROM catalog_sync WHERE id = 1), 0)`.execute(db);
  },
});
