import { sql, type Transaction } from 'kysely';
import type SQLite from 'better-sqlite3';
import type { Db } from './create-db.ts';
import type { Database } from './database.ts';
import { withTransaction } from './transaction.ts';

/**
 * Loading hundreds of thousands of rows (the demo catalogue) through Kysely one statement at
 * a time is too slow, so bulk loads go straight to the engine: SQLite prepared statements in
 * one transaction; PostgreSQL batches of rows sent as one array per column through unnest().
 */
export type BulkValue = string | number | null;

type PgType = 'int' | 'bigint' | 'text' | 'float8';

export interface BulkTable {
  /** snake_case name in the database */
  name: string;
  columns: readonly { name: string; pgType: PgType }[];
}

function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/** A table and the columns a bulk load fills, in the order rows give them. */
export function bulkTable<T extends keyof Database>(table: T, columns: readonly (readonly [keyof Database[T] & string, PgType])[]): BulkTable {
  return { name: snakeCase(table), columns: columns.map(([name, pgType]) => ({ name: snakeCase(name), pgType })) };
}

export interface BulkWriter {
  /** Queues (PostgreSQL) or writes (SQLite) one row; values in the table's column order. */
  add(table: BulkTable, row: readonly BulkValue[]): void;
  /** True when enough rows wait that the caller should await flush() before adding more. */
  readonly isFull: boolean;
  flush(): Promise<void>;
}

const postgresBatchRows = 10_000;

export interface BulkOptions {
  /**
   * Tables whose row triggers stay off during the load (they are back on at commit). For
   * change logs that would otherwise record every one of millions of rows: the caller must
   * leave its own sign that everything changed.
   */
  quietTables?: readonly BulkTable[];
  /**
   * Tables whose secondary indexes are dropped for the load and built again from their own
   * definitions before commit: one sort per index beats millions of scattered inserts.
   */
  deferIndexesOf?: readonly BulkTable[];
}

/**
 * Runs write() inside one transaction with a writer for the given tables; rows reach the
 * database in the order the tables are listed (parents before children), then commits.
 * PostgreSQL's goes through withTransaction like every other; SQLite's is BEGIN/COMMIT on the
 * better-sqlite3 handle itself, because its prepared statements run there, beside Kysely's
 * connection rather than through it (writeSqlite).
 */
export async function withBulkWriter(
  db: Db,
  tables: readonly BulkTable[],
  write: (writer: BulkWriter) => Promise<void>,
  options: BulkOptions = {},
): Promise<void> {
  const quiet = (options.quietTables ?? []).map((table) => table.name);
  const deferred = (options.deferIndexesOf ?? []).map((table) => table.name);
  if (db.sqlite) {
    await writeSqlite(db.sqlite, tables, write, quiet, deferred);
    return;
  }
  await withTransaction(db.kysely, async (trx) => {
    for (const name of quiet) await sql`ALTER TABLE ${sql.table(name)} DISABLE TRIGGER USER`.execute(trx);
    const { rows: indexes } = await sql<{ indexname: string; indexdef: string }>`
      SELECT indexname, indexdef FROM pg_indexes
      WHERE schemaname = current_schema() AND tablename = ANY(${deferred}::text[])
        AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE connamespace = current_schema()::regnamespace)`.execute(trx);
    for (const index of indexes) await sql`DROP INDEX ${sql.table(index.indexname)}`.execute(trx);
    const writer = createPostgresWriter(trx, tables);
    await write(writer);
    await writer.flush();
    await writer.flush();
    // The default 64 MB spills the sort of a 5M-row index to disk; this transaction only.
    if (indexes.length > 0) await sql`SET LOCAL maintenance_work_mem = '512MB'`.execute(trx);
    for (const index of indexes) await sql.raw(index.indexdef).execute(trx);
    for (const name of quiet) await sql`ALTER TABLE ${sql.table(name)} ENABLE TRIGGER USER`.execute(trx);
  });
}

/**
 * SQLite cannot switch a trigger or an index off: drop it inside the transaction and create it
 * again from its own SQL. Indexes behind PRIMARY KEY and UNIQUE constraints have no SQL and stay.
 */
function suspendSqliteObjects(handle: SQLite.Database, type: 'trigger' | 'index', tableNames: readonly string[]): () => void {
  if (tableNames.length === 0) return () => undefined;
  const placeholders = tableNames.map(() => '?').join(', ');
  const objects = handle
    .prepare(`SELECT name, sql FROM sqlite_master WHERE type = ? AND sql IS NOT NULL AND tbl_name IN (${placeholders})`)
    .all(type, ...tableNames) as { name: string; sql: string }[];
  for (const object of objects) handle.exec(`DROP ${type.toUpperCase()} "${object.name.replace(/"/g, '""')}"`);
  return () => {
    for (const object of objects) handle.exec(object.sql);
  };
}

/** A bigger page cache while the load builds its indexes (about 256 MB), then the usual size again. */
const bulkCachePages = -262_144;

async function writeSqlite(
  handle: SQLite.Database,
  tables: readonly BulkTable[],
  write: (writer: BulkWriter) => Promise<void>,
  quiet: readonly string[],
  deferred: readonly string[],
) {
  const statements = new Map<BulkTable, SQLite.Statement>();
  for (const table of tables) {
    const columns = table.columns.map((column) => column.name);
    statements.set(table, handle.prepare(`INSERT INTO ${table.name} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`));
  }
  const writer: BulkWriter = {
    add(table, row) {
      const statement = statements.get(table);
      if (!statement) throw new Error(`bulk writer was not opened for ${table.name}`);
      statement.run(row);
    },
    isFull: false,
    flush: () => Promise.resolve(),
  };
  const cacheSize = handle.pragma('cache_size', { simple: true });
  handle.pragma(`cache_size = ${bulkCachePages}`);
  handle.exec('BEGIN');
  try {
    const restoreTriggers = suspendSqliteObjects(handle, 'trigger', quiet);
    const restoreIndexes = suspendSqliteObjects(handle, 'index', deferred);
    await write(writer);
    restoreIndexes();
    restoreTriggers();
    handle.exec('COMMIT');
  } catch (error) {
    if (handle.inTransaction) handle.exec('ROLLBACK');
    throw error;
  } finally {
    handle.pragma(`cache_size = ${Number(cacheSize)}`);
  }
}

/**
 * Rows wait in column arrays; a flush sends one INSERT per table and returns before the server
 * has finished, so the next batch is generated while PostgreSQL writes this one (the next
 * flush waits for it first: at most two batches in memory).
 */
function createPostgresWriter(trx: Transaction<Database>, tables: readonly BulkTable[]): BulkWriter {
  const emptyColumns = (table: BulkTable): BulkValue[][] => table.columns.map(() => []);
  let buffers = new Map<BulkTable, BulkValue[][]>(tables.map((table) => [table, emptyColumns(table)]));
  let waiting = 0;
  let inFlight: Promise<void> = Promise.resolve();

  async function send(batch: Map<BulkTable, BulkValue[][]>) {
    for (const table of tables) {
      const columns = batch.get(table);
      if (!columns || (columns[0]?.length ?? 0) === 0) continue;
      const names = sql.raw(table.columns.map((column) => column.name).join(', '));
      const arrays = sql.join(table.columns.map((column, index) => sql`${columns[index] ?? []}::${sql.raw(column.pgType)}[]`));
      await sql`INSERT INTO ${sql.raw(table.name)} (${names}) SELECT * FROM unnest(${arrays})`.execute(trx);
    }
  }

  return {
    add(table, row) {
      const columns = buffers.get(table);
      if (!columns) throw new Error(`bulk writer was not opened for ${table.name}`);
      for (let index = 0; index < row.length; index++) columns[index]?.push(row[index] ?? null);
      waiting = Math.max(waiting, columns[0]?.length ?? 0);
    },
    get isFull() {
      return waiting >= postgresBatchRows;
    },
    async flush() {
      await inFlight;
      const batch = buffers;
      buffers = new Map(tables.map((table) => [table, emptyColumns(table)]));
      waiting = 0;
      inFlight = send(batch);
      // Surface a failure at the next flush; until then, keep it from counting as unhandled.
      inFlight.catch(() => undefined);
    },
  };
}

/** After rows with explicit ids, PostgreSQL identity columns must continue after the largest id. */
export async function resetIdentity(db: Db, tableName: keyof Database, column = 'id'): Promise<void> {
  if (db.engine !== 'postgres') return;
  const table = snakeCase(tableName);
  await sql`SELECT setval(pg_get_serial_sequence(${table}, ${column}), COALESCE((SELECT MAX(${sql.ref(column)}) FROM ${sql.table(table)}), 0) + 1, false)`.execute(
    db.kysely,
  );
}
