import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { createDb, type Db, type Engine } from '../db/create-db.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createScratchDatabase, databaseUrlOn, dropDatabaseWhenIdle, withAdminClient } from './test-db-admin.ts';

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
  // A copy of the run's migrated template (postgres-template.global.ts) when there is one.
  const template = options.isMigrated === false ? undefined : postgresTemplate();
  await withAdminClient(serverUrl, (admin) => createScratchDatabase(admin, name, template));
  const url = databaseUrlOn(serverUrl, name);
  const db = createDb(url, { poolSize: 20 });
  if (!template) await migrate(db);
  return {
    ...db,
    url,
    async drop() {
      await db.destroy();
      await dropDatabaseWhenIdle(serverUrl, name);
    },
  };
}

/** The template the postgres project's global setup made, or undefined outside Vitest or without it. */
function postgresTemplate(): string | undefined {
  try {
    return inject('postgresTemplate');
  } catch {
    return undefined;
  }
}
