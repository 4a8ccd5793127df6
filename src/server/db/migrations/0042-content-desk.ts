import { sql } from 'kysely';
import { freeShippingThresholdCents } from '../../../contract/order.ts';
import type { MigrationFactory } from './migration-helpers.ts';

/**
 * 内容管理 (issue 14): a banner and a news entry are drafts until staff publish them (visitors never
 * see a draft; the console previews the home page with them), and a banner shows only inside its
 * optional window. A news entry keeps its sanitised HTML beside the plain text the lists quote.
 * The free-shipping threshold becomes a site setting, seeded from the constant checkout used.
 * Both tables already bump cache_versions (migration 0011), so every process sees a change.
 */
export const contentDeskMigration: MigrationFactory = () => ({
  async up(db) {
    await db.schema
      .alterTable('banners')
      .addColumn('is_published', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema.alterTable('banners').addColumn('starts_at', 'bigint').execute();
    await db.schema.alterTable('banners').addColumn('ends_at', 'bigint').execute();
    await db.schema
      .alterTable('news')
      .addColumn('is_published', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema
      .alterTable('news')
      .addColumn('body_html', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await sql`insert into site_config (key, value) values ('freeShippingThresholdCents', ${String(freeShippingThresholdCents)})`.execute(db);
  },
});
