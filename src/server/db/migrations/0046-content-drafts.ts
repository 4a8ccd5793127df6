import type { MigrationFactory } from './migration-helpers.ts';

/**
 * Drafts of the content that is one piece rather than rows with their own flag (issue 14): the site
 * settings, the hot keywords, the friendly links and each ad (`ad:{adPosId}`). A row per piece holds
 * the draft as JSON (null: no draft) and a revision that every save, publish and discard moves on,
 * so an editor's publish names the draft they previewed and a stale one is refused. The shop never
 * reads this table: the live tables (and their cache_versions triggers) change only on publish.
 */
export const contentDraftsMigration: MigrationFactory = () => ({
  async up(db) {
    await db.schema
      .createTable('content_drafts')
      .addColumn('key', 'varchar(40)', (c) => c.primaryKey())
      .addColumn('payload', 'text')
      .addColumn('revision', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
  },
});
