import { sql } from 'kysely';
import type { MigrationDb, MigrationFactory } from './migration-helpers.ts';

/**
 * products.first_tier_price_e4: the unit price of a part's first tier (null without prices).
 * Brand pages and zones sort by price; a correlated subquery per part made the largest brand's
 * price sort take about a second at 1M SKUs. Triggers keep the copy in step with
 * product_prices whoever writes them; bulk loads, which switch triggers off, write it themselves.
 * The facet indexes gain the column, so a price-sorted brand page is read from the index alone.
 * (category_second_id, stock) goes: even with statistics SQLite preferred it for a brand's
 * in-stock parts of one category, a walk over the whole category (1.3 s at 1M SKUs) where the
 * brand's covering index takes 20 ms; (category_second_id, id) serves category lookups.
 */
const firstTierPrice = (productId: string) => `(SELECT price_e4 FROM product_prices WHERE product_prices.product_id = ${productId} ORDER BY qty_start LIMIT 1)`;

export const firstTierPriceMigration: MigrationFactory = (engine) => ({
  async up(db) {
    await db.schema.alterTable('products').addColumn('first_tier_price_e4', 'bigint').execute();
    await sql.raw(`UPDATE products SET first_tier_price_e4 = ${firstTierPrice('products.id')}`).execute(db);
    if (engine === 'postgres') await createPostgresTriggers(db);
    else await createSqliteTriggers(db);

    await db.schema.dropIndex('products_category_second').execute();
    await db.schema.dropIndex('products_brand_facets').execute();
    await db.schema
      .createIndex('products_brand_facets')
      .on('products')
      .columns(['brand_id', 'category_second_id', 'package', 'stock', 'first_tier_price_e4'])
      .execute();
    await db.schema.dropIndex('products_special_offer_facets').execute();
    await db.schema
      .createIndex('products_special_offer_facets')
      .on('products')
      .columns(['is_special_offer', 'category_second_id', 'package', 'stock', 'first_tier_price_e4'])
      .execute();
  },
});

async function createSqliteTriggers(db: MigrationDb) {
  const refresh = (row: 'NEW' | 'OLD') => `UPDATE products SET first_tier_price_e4 = ${firstTierPrice(`${row}.product_id`)} WHERE id = ${row}.product_id;`;
  await sql.raw(`CREATE TRIGGER first_tier_price_insert AFTER INSERT ON product_prices BEGIN ${refresh('NEW')} END`).execute(db);
  await sql.raw(`CREATE TRIGGER first_tier_price_update AFTER UPDATE ON product_prices BEGIN ${refresh('OLD')} ${refresh('NEW')} END`).execute(db);
  await sql.raw(`CREATE TRIGGER first_tier_price_delete AFTER DELETE ON product_prices BEGIN ${refresh('OLD')} END`).execute(db);
}

/** Statement-level with transition tables: a bulk write refreshes each part once. */
async function createPostgresTriggers(db: MigrationDb) {
  const refreshFrom = (rows: string) =>
    `UPDATE products SET first_tier_price_e4 = ${firstTierPrice('products.id')} WHERE products.id IN (SELECT product_id FROM ${rows});`;
  for (const [name, body] of [
    ['first_tier_price_refresh_new', refreshFrom('new_rows')],
    ['first_tier_price_refresh_old', refreshFrom('old_rows')],
    ['first_tier_price_refresh_both', `${refreshFrom('old_rows')} ${refreshFrom('new_rows')}`],
  ] as const) {
    await sql.raw(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${body} RETURN NULL; END $$`).execute(db);
  }
  await sql
    .raw(
      `CREATE TRIGGER first_tier_price_insert AFTER INSERT ON product_prices REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION first_tier_price_refresh_new()`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER first_tier_price_update AFTER UPDATE ON product_prices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION first_tier_price_refresh_both()`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER first_tier_price_delete AFTER DELETE ON product_prices REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION first_tier_price_refresh_old()`,
    )
    .execute(db);
}
