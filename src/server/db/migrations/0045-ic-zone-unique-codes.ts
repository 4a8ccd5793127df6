import { sql } from 'kysely';
import type { Engine } from '../create-db.ts';
import type { MigrationDb, MigrationFactory } from './migration-helpers.ts';

/**
 * Issue 14's catalogue gaps ([decision 0012](../../../../docs/decisions/0012-ic-zone-and-unique-part-numbers.md)).
 *
 * products.is_ic_zone: the IC zone (A03) becomes a per-product choice like the special offer (A01).
 * It is backfilled from the rule the shop used until now (the chip groups' shown first-level
 * categories), so the zone lists the same parts; the rule is copied here as it was, since a
 * migration must not change with the code. The backfill writes only the zone's rows, through the
 * (category_first_id, id) index, with the per-row change log suspended: no process's search or
 * parametric index reads the column, and every process's facet cache follows the one bump of
 * cache_versions at the end. The column joins the cache_versions triggers' watched columns.
 *
 * products_code_norm_unique: one product per (normalised part number, brand). A store written
 * before it may already hold such pairs (the demo seed made SMF7.0A and SMF70A of one maker): they
 * are kept, not merged or deleted (orders, carts and favourites point at them), and told apart by
 * code_norm_dup (1, 2, … after the group's lowest id, which keeps 0). New rows and every save
 * write 0, so a new duplicate, or an edit of a kept one that still collides, is refused.
 * `SELECT id, code FROM products WHERE code_norm_dup > 0` lists what staff should rename.
 * The index leads with code_norm and replaces products_code_norm.
 */
const icGroupPattern = /IC|芯片|集成电路|处理器|存储|模拟|接口|逻辑/i;
const notIcPattern = /模块|模组/;

function isIcCategory(groupName: string, firstCategoryName: string): boolean {
  return (icGroupPattern.test(groupName) || icGroupPattern.test(firstCategoryName)) && !notIcPattern.test(firstCategoryName);
}

const watchedProductColumns = 'code, brand_id, category_first_id, category_second_id, package, image_path, label, is_special_offer';

export const icZoneUniqueCodesMigration: MigrationFactory = (engine) => ({
  async up(db) {
    await db.schema
      .alterTable('products')
      .addColumn('is_ic_zone', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('products')
      .addColumn('code_norm_dup', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await backfillIcZone(db, engine);
    await db.schema
      .createIndex('products_ic_zone_facets')
      .on('products')
      .columns(['is_ic_zone', 'category_second_id', 'package', 'stock', 'first_tier_price_e4'])
      .execute();
    await watchIcZoneInCacheVersions(db, engine);
    await sql`UPDATE cache_versions SET version = version + 1 WHERE name = 'products'`.execute(db);

    await numberExistingDuplicates(db);
    await db.schema.createIndex('products_code_norm_unique').unique().on('products').columns(['code_norm', 'brand_id', 'code_norm_dup']).execute();
    await db.schema.dropIndex('products_code_norm').execute();
    // A 0/1 column needs SQLite's full statistics to be chosen (see planner-statistics.ts); this index only.
    if (engine === 'sqlite') {
      await sql`PRAGMA analysis_limit = 0`.execute(db);
      await sql`ANALYZE products_ic_zone_facets`.execute(db);
    }
  },
});

async function icCategoryIds(db: MigrationDb): Promise<number[]> {
  const { rows } = await sql<{ id: number; name: string; groupName: string }>`
    SELECT c.id, c.name, g.name AS group_name FROM categories c JOIN category_groups g ON g.id = c.group_id
    WHERE c.level = 1 AND c.is_hidden = 0`.execute(db);
  return rows.filter((row) => isIcCategory(row.groupName, row.name)).map((row) => row.id);
}

async function backfillIcZone(db: MigrationDb, engine: Engine) {
  const ids = await icCategoryIds(db);
  if (ids.length === 0) return;
  const update = sql`UPDATE products SET is_ic_zone = 1 WHERE category_first_id IN (${sql.join(ids)})`;
  if (engine === 'postgres') {
    await sql`ALTER TABLE products DISABLE TRIGGER catalog_changes_products_update`.execute(db);
    await update.execute(db);
    await sql`ALTER TABLE products ENABLE TRIGGER catalog_changes_products_update`.execute(db);
    return;
  }
  // SQLite runs migrations outside a transaction: drop, write and create again in one.
  const { rows } = await sql<{ sql: string }>`SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'catalog_changes_products_update'`.execute(db);
  const trigger = rows[0]?.sql;
  await sql`BEGIN`.execute(db);
  try {
    if (trigger) await sql`DROP TRIGGER catalog_changes_products_update`.execute(db);
    await update.execute(db);
    if (trigger) await sql.raw(trigger).execute(db);
    await sql`COMMIT`.execute(db);
  } catch (error) {
    await sql`ROLLBACK`.execute(db);
    throw error;
  }
}

/** Migration 0011's cache_versions trigger on products, watching is_ic_zone too. */
async function watchIcZoneInCacheVersions(db: MigrationDb, engine: Engine) {
  const columns = `${watchedProductColumns}, is_ic_zone`;
  if (engine === 'postgres') {
    await sql`DROP TRIGGER cache_versions_products ON products`.execute(db);
    await sql
      .raw(
        `CREATE TRIGGER cache_versions_products AFTER INSERT OR UPDATE OF ${columns} OR DELETE OR TRUNCATE ON products
         FOR EACH STATEMENT EXECUTE FUNCTION cache_versions_bump()`,
      )
      .execute(db);
    return;
  }
  await sql`DROP TRIGGER cache_versions_products_update`.execute(db);
  await sql
    .raw(
      `CREATE TRIGGER cache_versions_products_update AFTER UPDATE OF ${columns} ON products
       BEGIN UPDATE cache_versions SET version = version + 1 WHERE name = 'products'; END`,
    )
    .execute(db);
}

/** Each later row of a (code_norm, brand) group gets 1, 2, …; the group's lowest id keeps 0. Rows are found by one grouped scan. */
async function numberExistingDuplicates(db: MigrationDb) {
  const { rows } = await sql<{ id: number; codeNorm: string; brandId: number }>`
    SELECT p.id, p.code_norm, p.brand_id FROM products p
    JOIN (SELECT code_norm, brand_id FROM products GROUP BY code_norm, brand_id HAVING count(*) > 1) d
      ON d.code_norm = p.code_norm AND d.brand_id = p.brand_id
    ORDER BY p.code_norm, p.brand_id, p.id`.execute(db);
  let previous = '';
  let dup = 0;
  for (const row of rows) {
    const key = `${row.codeNorm}\u0000${row.brandId}`;
    dup = key === previous ? dup + 1 : 0;
    previous = key;
    if (dup > 0) await sql`UPDATE products SET code_norm_dup = ${dup} WHERE id = ${row.id}`.execute(db);
  }
}
