import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../testing/test-db.ts';
import { seedCatalog } from '../seed/catalog-seed.ts';
import { analyzeTables, ensurePlannerStatistics } from './planner-statistics.ts';

let db: TestDb;

beforeAll(async () => {
  db = await createTestDb();
  await seedCatalog(db, { skus: 2000 });
});
afterAll(async () => {
  await db.drop();
});

/** The special offers' in-stock parts of one category: a zone page with two filters. */
const offerPageQuery = sql`SELECT id FROM products WHERE is_special_offer = 1 AND category_second_id = 11 AND stock > 0 ORDER BY id LIMIT 20`;

async function sqliteProductStats(): Promise<string[]> {
  const table = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE name = 'sqlite_stat1'`.execute(db.kysely);
  if (table.rows.length === 0) return [];
  const { rows } = await sql<{ idx: string }>`SELECT idx FROM sqlite_stat1 WHERE tbl = 'products'`.execute(db.kysely);
  return rows.map((row) => row.idx);
}

// At 1M SKUs without statistics SQLite walked the (category, stock) index of a whole category
// for such pages (bench/results/lists.md); a small test catalogue cannot show that guess, so
// these check the statistics are there, and the plan the planner then takes.
describe('planner statistics', () => {
  it('are written by the seed', async () => {
    if (db.engine === 'sqlite') {
      expect(await sqliteProductStats()).toEqual(expect.arrayContaining(['products_special_offer_facets', 'products_category_second_id']));
      return;
    }
    const { rows } = await sql<{ analyzed: boolean }>`SELECT last_analyze IS NOT NULL AS analyzed FROM pg_stat_user_tables WHERE relname = 'products'`.execute(
      db.kysely,
    );
    expect(rows[0]?.analyzed).toBe(true);
  });

  it('are made at start for a SQLite store that has none, and the zone page then reads its own index', async () => {
    if (db.engine !== 'sqlite') {
      await expect(ensurePlannerStatistics(db)).resolves.toBeUndefined();
      await expect(analyzeTables(db)).resolves.toBeUndefined();
      return;
    }
    await sql`DROP TABLE IF EXISTS sqlite_stat1`.execute(db.kysely);
    expect(await sqliteProductStats()).toEqual([]);
    await ensurePlannerStatistics(db);
    expect(await sqliteProductStats()).toEqual(expect.arrayContaining(['products_special_offer_facets', 'products_brand_facets']));
    const { rows } = await sql<{ detail: string }>`EXPLAIN QUERY PLAN ${offerPageQuery}`.execute(db.kysely);
    expect(rows.map((row) => row.detail).join('\n')).toContain('products_special_offer_facets');
  });
});
