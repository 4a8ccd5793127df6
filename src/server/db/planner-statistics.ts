import { sql } from 'kysely';
import type { Db } from './create-db.ts';

/**
 * Table statistics for the query planner. Without them SQLite guesses: at 1M SKUs it walked a
 * whole category (500,000 rows) for one brand's in-stock page instead of the brand's index,
 * 2.5 s instead of 20 ms. SQLite samples 1,000 rows per index (about 25 ms at 1M SKUs), so
 * every start refreshes them; PostgreSQL's autovacuum keeps its own, but a bulk load is
 * analysed at once rather than whenever autovacuum comes by.
 */
export async function refreshPlannerStatistics(db: Db): Promise<void> {
  if (db.engine === 'sqlite') {
    await sql`PRAGMA analysis_limit = 1000`.execute(db.kysely);
    await sql`ANALYZE`.execute(db.kysely);
    return;
  }
  await sql`ANALYZE`.execute(db.kysely);
}
