import { sql } from 'kysely';
import { withId, type MigrationFactory } from './migration-helpers.ts';

/**
 * The help centre (issue 13). help_pages: /serve/<slug> articles staff edit, their sanitised HTML
 * and its plain text (what the search matches, so markup never matches), a menu group and order,
 * and the "was this helpful" counts. help_votes: one vote per page and voter (a member, or an
 * anonymous browser's hashed session); the key is the primary key, so a double click counts once.
 */
export const helpPagesMigration: MigrationFactory = (engine) => ({
  async up(db) {
    await withId(db.schema.createTable('help_pages'), engine)
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('group_name', 'text', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('body_html', 'text', (c) => c.notNull())
      .addColumn('body_text', 'text', (c) => c.notNull())
      .addColumn('helpful_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('unhelpful_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addCheckConstraint('help_pages_counts', sql`helpful_count >= 0 and unhelpful_count >= 0`)
      .execute();
    await db.schema.createIndex('help_pages_menu').on('help_pages').columns(['sort', 'id']).execute();

    await db.schema
      .createTable('help_votes')
      .addColumn('page_id', 'integer', (c) => c.notNull().references('help_pages.id').onDelete('cascade'))
      .addColumn('voter_key', 'text', (c) => c.notNull())
      .addColumn('is_helpful', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('help_votes_pk', ['page_id', 'voter_key'])
      .execute();
  },
});
