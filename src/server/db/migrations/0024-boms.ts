import { withId, type MigrationFactory } from './migration-helpers.ts';

/**
 * The BOM tool (issue 11). boms: a member's saved bills of materials — the sheet as read (headers,
 * rows, mapping), the quantity options and the chosen parts, with the figures the list shows
 * (lines, matched lines, match rate in per-mille, the chosen lines' total in cents) as of the last save.
 * bom_column_mappings: a member's corrected column mapping per header (the header's key), so the
 * next file with the same header is read the same way; one row per member and header.
 */
export const bomsMigration: MigrationFactory = (engine) => ({
  async up(db) {
    await withId(db.schema.createTable('boms'), engine)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('file_name', 'text', (c) => c.notNull())
      .addColumn('sheet_json', 'text', (c) => c.notNull())
      .addColumn('options_json', 'text', (c) => c.notNull())
      .addColumn('choices_json', 'text', (c) => c.notNull())
      .addColumn('line_count', 'integer', (c) => c.notNull())
      .addColumn('matched_count', 'integer', (c) => c.notNull())
      .addColumn('match_rate_permille', 'integer', (c) => c.notNull())
      .addColumn('total_cents', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('boms_user_updated').on('boms').columns(['user_id', 'updated_at']).execute();

    await withId(db.schema.createTable('bom_column_mappings'), engine)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('header_key', 'text', (c) => c.notNull())
      .addColumn('mapping_json', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('bom_column_mappings_user_header').on('bom_column_mappings').columns(['user_id', 'header_key']).unique().execute();
  },
});
