import { sql } from 'kysely';
import type { Db } from './create-db.ts';

/**
 * Table statistics for the query planner. Without them SQLite guesses: at 1M SKUs it walked a
 * whole category (500,000 rows) for one brand's or the special offers' in-stock page instead of
 * their own index, 1–2.5 s instead of 20 ms. Sampled statistics (analysis_limit) were not
 * enough for a 0/1 column such as is_special_offer: the full ANALYZE, with SQLite's STAT4
 * histograms, is (about 5 s at 1M SKUs). PostgreSQL's autovacuum keeps its own, but a bulk load
 * is analysed at once rather than whenever autovacuum comes by.
 */
export async function analyzeTables(db: Db): Promise<void> {
  if (db.engine === 'sqlite') await sql`PRAGMA analysis_limit = 0`.execute(db.kysely);
  await sql`ANALYZE`.execute(db.kysely);
}

/** At start: a full ANALYZE once for a store that has none (seeded before it was done), then SQLite's cheap upkeep. */
export async function ensurePlannerStatistics(db: Db): Promise<void> {
  if (db.engine !== 'sqlite') return;
  const statTable = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE name = 'sqlite_stat1'`.execute(db.kysely);
  const hasProductStats =
    statTable.rows.length > 0 && (await sql<{ n: number }>`SELECT count(*) AS n FROM sqlite_stat1 WHERE tbl = 'products'`.execute(db.kysely)).rows[0]?.n;
  if (!hasProductStats) await analyzeTables(db);
  await sql`PRAGMA optimize`.execute(db.kysely);
}
