import { sql } from 'kysely';
import type { MigrationFactory } from './migration-helpers.ts';

/**
 * The console's categories and brands desk (issue 14):
 * - categories.is_hidden: a hidden category leaves the shop's menu and catalogue (its parts stay).
 * - brands.website: the maker's site, shown on the brand page.
 * - one brand per name, whatever its case: two staff creating the same brand at once make one
 *   row, the unique index deciding on both engines.
 * The cache_versions and catalog_changes triggers of categories and brands watch every column
 * or the named ones, so these need no trigger of their own.
 */
export const taxonomyDeskMigration: MigrationFactory = () => ({
  async up(db) {
    await db.schema
      .alterTable('categories')
      .addColumn('is_hidden', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('brands').addColumn('website', 'text').execute();
    await db.schema
      .createIndex('brands_name_en_unique')
      .on('brands')
      .unique()
      .expression(sql`lower(name_en)`)
      .execute();
  },
});
