import { sql } from 'kysely';
import { withId, type MigrationDb, type MigrationFactory } from './migration-helpers.ts';

/**
 * The search index lives in each app process's memory. Triggers append every product write
 * (products, their prices and parameters) to catalog_changes, and a NULL product for changes
 * to brands, categories or attributes, so every process can catch up, whoever wrote.
 */
const productChildTables = ['product_prices', 'product_params'] as const;
/** Only the columns search reads: categories.sku_count moves with every product write and must not force a rebuild. */
const dictionaryTables = {
  brands: 'name_en, name_cn',
  categories: 'name, parent_id, level',
  attributes: 'name, unit, value_kind',
} as const;
const events = ['insert', 'update', 'delete'] as const;

export const searchMigration: MigrationFactory = (engine) => ({
  async up(db) {
    await withId(db.schema.createTable('catalog_changes'), engine, 'seq')
      .addColumn('product_id', 'integer')
      .addColumn('changed_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('catalog_sync')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('pruned_through', 'bigint', (c) => c.notNull())
      .execute();
    await db.insertInto('catalog_sync').values({ id: 1, pruned_through: 0 }).execute();
    if (engine === 'postgres') await createPostgresTriggers(db);
    else await createSqliteTriggers(db);
  },
});

const sqliteNow = `CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)`;

async function createSqliteTriggers(db: MigrationDb) {
  const row = (event: (typeof events)[number]) => (event === 'delete' ? 'OLD' : 'NEW');
  for (const event of events) {
    await sql
      .raw(
        `CREATE TRIGGER catalog_changes_products_${event} AFTER ${event.toUpperCase()} ON products
         BEGIN INSERT INTO catalog_changes (product_id, changed_at) VALUES (${row(event)}.id, ${sqliteNow}); END`,
      )
      .execute(db);
    for (const table of productChildTables) {
      await sql
        .raw(
          `CREATE TRIGGER catalog_changes_${table}_${event} AFTER ${event.toUpperCase()} ON ${table}
           BEGIN INSERT INTO catalog_changes (product_id, changed_at) VALUES (${row(event)}.product_id, ${sqliteNow}); END`,
        )
        .execute(db);
    }
    for (const [table, columns] of Object.entries(dictionaryTables)) {
      const on = event === 'update' ? `UPDATE OF ${columns}` : event.toUpperCase();
      await sql
        .raw(
          `CREATE TRIGGER catalog_changes_${table}_${event} AFTER ${on} ON ${table}
           BEGIN INSERT INTO catalog_changes (product_id, changed_at) VALUES (NULL, ${sqliteNow}); END`,
        )
        .execute(db);
    }
  }
}

const postgresNow = `(extract(epoch from clock_timestamp()) * 1000)::bigint`;

/** Statement-level triggers with transition tables: a bulk insert logs each product once, in one statement. */
async function createPostgresTriggers(db: MigrationDb) {
  for (const [name, column] of [
    ['catalog_log_products', 'id'],
    ['catalog_log_product_children', 'product_id'],
  ] as const) {
    await sql
      .raw(
        `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN
           INSERT INTO catalog_changes (product_id, changed_at)
             SELECT changed.${column}, ${postgresNow} FROM (SELECT DISTINCT ${column} FROM changed_rows) AS changed ORDER BY changed.${column};
           RETURN NULL;
         END $$`,
      )
      .execute(db);
  }
  await sql
    .raw(
      `CREATE FUNCTION catalog_log_everything() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         INSERT INTO catalog_changes (product_id, changed_at) VALUES (NULL, ${postgresNow});
         RETURN NULL;
       END $$`,
    )
    .execute(db);

  const tables = [['products', 'catalog_log_products'], ...productChildTables.map((table) => [table, 'catalog_log_product_children'] as const)] as const;
  for (const [table, fn] of tables) {
    for (const event of events) {
      const transition = event === 'delete' ? 'OLD TABLE AS changed_rows' : 'NEW TABLE AS changed_rows';
      await sql
        .raw(
          `CREATE TRIGGER catalog_changes_${table}_${event} AFTER ${event.toUpperCase()} ON ${table}
           REFERENCING ${transition} FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
        )
        .execute(db);
    }
    await sql
      .raw(`CREATE TRIGGER catalog_changes_${table}_truncate AFTER TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION catalog_log_everything()`)
      .execute(db);
  }
  for (const [table, columns] of Object.entries(dictionaryTables)) {
    await sql
      .raw(
        `CREATE TRIGGER catalog_changes_${table} AFTER INSERT OR UPDATE OF ${columns} OR DELETE OR TRUNCATE ON ${table}
         FOR EACH STATEMENT EXECUTE FUNCTION catalog_log_everything()`,
      )
      .execute(db);
  }
}
