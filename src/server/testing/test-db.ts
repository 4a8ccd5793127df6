import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb, type Db, type Engine } from '../db/create-db.ts';
import { migrateToLatest } from '../db/migrate.ts';

export const testEngine: Engine = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

export interface TestDb extends Db {
  /** The PostgreSQL database's address, for a second pool or process; absent for in-memory SQLite. */
  url?: string;
  /** Drops the database (PostgreSQL) or closes the in-memory one (SQLite). */
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: in-memory SQLite, or a new PostgreSQL
 * database on the TEST_DATABASE_URL server. A server that does not answer fails the test.
 * `isMigrated: false` leaves it empty, for a test of a migration over older data.
 */
export async function createTestDb(options: { isMigrated?: boolean } = {}): Promise<TestDb> {
  const migrate = (db: Db) => (options.isMigrated === false ? Promise.resolve() : migrateToLatest(db));
  if (testEngine === 'sqlite') {
    const db = createDb(':memory:');
    await migrate(db);
    return { ...db, drop: () => db.destroy() };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_ENGINE=postgres needs TEST_DATABASE_URL');
  const name = `store_test_${process.env.VITEST_POOL_ID ?? '0'}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = createDb(url.toString(), { poolSize: 20 });
  await migrate(db);
  return {
    ...db,
    url: url.toString(),
    async drop() {
      await db.destroy();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      try {
        // pg's pool.end() resolves before its sockets close; FORCE would kill them mid-close (an uncaught error).
        for (let attempt = 0; attempt < 100; attempt++) {
          const open = await cleanup.query<{ count: number }>('SELECT count(*)::int AS count FROM pg_stat_activity WHERE datname = $1', [name]);
          if ((open.rows[0]?.count ?? 0) === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}
