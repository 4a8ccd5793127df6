import { sql } from 'kysely';
import type { MigrationDb, MigrationFactory } from './migration-helpers.ts';

/**
 * cache_versions: one counter per table that an in-process cache reads, bumped by triggers in
 * the writing transaction, whoever writes (another app process, the ops console, a fix in psql).
 * Each process compares the counters at most once a second and drops what it cached from a
 * table whose counter moved (src/server/cache/cache-versions.ts).
 *
 * Only rarely written tables and columns are watched: every writer of a watched table updates
 * the same row, so a hot one (orders, products.stock, products.updated_at) would make its
 * writers queue behind each other. Caches of those refresh on their TTL alone.
 */
const watchedTables: Record<string, string | null> = {
  category_groups: null,
  categories: null,
  brands: null,
  products: 'code, brand_id, category_first_id, category_second_id, package, image_path, label, is_special_offer',
  product_prices: null,
  site_config: null,
  hot_labels: null,
  friendly_links: null,
  ads: null,
  banners: null,
  news: null,
  home_products: null,
};
const events = ['insert', 'update', 'delete'] as const;

export const cacheVersionsMigration: MigrationFactory = (engine) => ({
  async up(db) {
    await db.schema
      .createTable('cache_versions')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await db
      .insertInto('cache_versions')
      .values(Object.keys(watchedTables).map((name) => ({ name, version: 0 })))
      .execute();
    if (engine === 'postgres') await createPostgresTriggers(db);
    else await createSqliteTriggers(db);
  },
});

const bump = (table: string) => `UPDATE cache_versions SET version = version + 1 WHERE name = '${table}';`;

async function createSqliteTriggers(db: MigrationDb) {
  for (const [table, columns] of Object.entries(watchedTables)) {
    for (const event of events) {
      const on = event === 'update' && columns ? `UPDATE OF ${columns}` : event.toUpperCase();
      await sql.raw(`CREATE TRIGGER cache_versions_${table}_${event} AFTER ${on} ON ${table} BEGIN ${bump(table)} END`).execute(db);
    }
  }
}

/** Statement-level: a bulk write bumps once. TG_TABLE_NAME names the row. */
async function createPostgresTriggers(db: MigrationDb) {
  await sql
    .raw(
      `CREATE FUNCTION cache_versions_bump() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         UPDATE cache_versions SET version = version + 1 WHERE name = TG_TABLE_NAME;
         RETURN NULL;
       END $$`,
    )
    .execute(db);
  for (const [table, columns] of Object.entries(watchedTables)) {
    const update = columns ? `UPDATE OF ${columns}` : 'UPDATE';
    await sql
      .raw(
        `CREATE TRIGGER cache_versions_${table} AFTER INSERT OR ${update} OR DELETE OR TRUNCATE ON ${table}
         FOR EACH STATEMENT EXECUTE FUNCTION cache_versions_bump()`,
      )
      .execute(db);
  }
}
