import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { isPostgresUrl } from '../config.ts';
import type { Database } from './database.ts';
import { ImmediateSqliteDialect } from './sqlite-dialect.ts';
import { withStatementCache } from './statement-cache.ts';

export type Engine = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  engine: Engine;
  /** The SQLite handle under Kysely, for bulk writes (src/server/db/bulk-insert.ts); absent on PostgreSQL. */
  sqlite?: SQLite.Database;
  /** PostgreSQL's connection pool, for the metrics; absent on SQLite. */
  poolStats?(): PoolStats;
  destroy(): Promise<void>;
}

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export interface CreateDbOptions {
  poolSize?: number;
  /**
   * An idle pooled connection failed (PostgreSQL restarted, `pg_terminate_backend`, a proxy cut).
   * pg emits it on the pool, where an unheard 'error' event would end the process; the
   * connection is dropped and the next query opens a new one.
   */
  onConnectionError?: (error: Error) => void;
}

/** A request waits at most this long for a connection while PostgreSQL is down, then fails with a clear message. */
const connectTimeoutMs = 5000;

// int8 (bigint, count(*)) and numeric come back as strings from pg; the store keeps
// money as integers and timestamps as epoch milliseconds, all within 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

/** The one place that knows which engine is underneath. */
export function createDb(databaseUrl: string, options: CreateDbOptions = {}): Db {
  if (isPostgresUrl(databaseUrl)) {
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: connectTimeoutMs,
      idleTimeoutMillis: 30_000,
    });
    const onConnectionError = options.onConnectionError ?? (() => undefined);
    pool.on('error', onConnectionError);
    // pg-pool listens for errors only on idle clients; a client lost mid-query would emit an unheard 'error' too
    // (its query fails on its own, and the pool drops the client when it is released).
    pool.on('connect', (client) => client.on('error', onConnectionError));
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
    return {
      kysely,
      engine: 'postgres',
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      destroy: () => kysely.destroy(),
    };
  }
  if (databaseUrl !== ':memory:') mkdirSync(dirname(databaseUrl), { recursive: true });
  const sqlite = new SQLite(databaseUrl);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }), plugins: [new CamelCasePlugin()] });
  return { kysely, engine: 'sqlite', sqlite, destroy: () => kysely.destroy() };
}
