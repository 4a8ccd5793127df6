import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { isPostgresUrl } from '../config.ts';
import type { Database } from './database.ts';
import { withStatementCache } from './statement-cache.ts';

export type Engine = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  engine: Engine;
  /** The SQLite handle under Kysely, for bulk writes (src/server/db/bulk-insert.ts); absent on PostgreSQL. */
  sqlite?: SQLite.Database;
  destroy(): Promise<void>;
}

// int8 (bigint, count(*)) and numeric come back as strings from pg; the store keeps
// money as integers and timestamps as epoch milliseconds, all within 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

/** The one place that knows which engine is underneath. */
export function createDb(databaseUrl: string, options: { poolSize?: number } = {}): Db {
  if (isPostgresUrl(databaseUrl)) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: options.poolSize ?? 10 });
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
    return { kysely, engine: 'postgres', destroy: () => kysely.destroy() };
  }
  if (databaseUrl !== ':memory:') mkdirSync(dirname(databaseUrl), { recursive: true });
  const sqlite = new SQLite(databaseUrl);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }), plugins: [new CamelCasePlugin()] });
  return { kysely, engine: 'sqlite', sqlite, destroy: () => kysely.destroy() };
}
