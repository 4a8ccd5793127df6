import { sql } from 'kysely';
import type { Db } from '../db/create-db.ts';

/** Drops every table (and the migration bookkeeping), so migrations rebuild the schema from scratch. */
export async function dropAllTables(db: Db): Promise<void> {
  if (db.engine === 'postgres') {
    const { rows } = await sql<{ tablename: string }>`SELECT tablename FROM pg_tables WHERE schemaname = current_schema()`.execute(db.kysely);
    for (const { tablename } of rows) await sql`DROP TABLE IF EXISTS ${sql.table(tablename)} CASCADE`.execute(db.kysely);
    const functions = await sql<{ signature: string }>`
      SELECT p.oid::regprocedure::text AS signature FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = current_schema() AND p.prokind = 'f'`.execute(db.kysely);
    for (const { signature } of functions.rows) await sql.raw(`DROP FUNCTION IF EXISTS ${signature} CASCADE`).execute(db.kysely);
    return;
  }
  const handle = db.sqlite;
  if (!handle) throw new Error('SQLite database without its handle');
  const tables = handle.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`).all() as { name: string }[];
  handle.pragma('foreign_keys = OFF');
  try {
    for (const { name } of tables) handle.exec(`DROP TABLE IF EXISTS "${name.replace(/"/g, '""')}"`);
  } finally {
    handle.pragma('foreign_keys = ON');
  }
  handle.exec('VACUUM');
}

/** A store counts as empty when it has no catalogue and no members. */
export async function isStoreEmpty(db: Db): Promise<boolean> {
  const group = await db.kysely.selectFrom('categoryGroups').select('id').limit(1).executeTakeFirst();
  const product = await db.kysely.selectFrom('products').select('id').limit(1).executeTakeFirst();
  const user = await db.kysely.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return !group && !product && !user;
}

export async function countSeededRows(db: Db): Promise<Record<string, number>> {
  const tables = ['categoryGroups', 'categories', 'brands', 'attributes', 'categoryAttributes', 'products', 'productPrices', 'productParams', 'users'] as const;
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const row = await db.kysely
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    counts[table] = row.count;
  }
  return counts;
}
