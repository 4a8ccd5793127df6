import { CompiledQuery, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type SqliteDialectConfig } from 'kysely';

/**
 * Kysely's SQLite driver opens transactions with a plain BEGIN, which takes no lock until the first
 * write. In WAL mode, a transaction that read first and then writes after another connection has
 * committed (a second process, the backup, a test's or the battery's own connection) fails at once
 * with SQLITE_BUSY_SNAPSHOT: busy_timeout cannot help, since waiting would not make its snapshot
 * current. BEGIN IMMEDIATE takes the write lock up front, waiting up to busy_timeout for it. A
 * process already runs its transactions one at a time on its one connection, so this costs nothing.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}
