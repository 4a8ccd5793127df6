import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import type { Db } from './create-db.ts';

/**
 * Migrations and the first seed must run in one process at a time: processes started together
 * on an empty store would each find it empty and seed it (the second fails on duplicate keys).
 * PostgreSQL: a session advisory lock (per database; released if the process dies). SQLite: a
 * write lock on a small file beside the store's, which the operating system drops with the process.
 */
export async function withStartupLock<T>(db: Db, run: () => Promise<T>): Promise<T> {
  if (db.engine === 'postgres') return withAdvisoryLock(db, run);
  if (!db.sqlite || db.sqlite.memory) return run();
  return withLockFile(`${db.sqlite.name}.startup-lock`, run);
}

/** Not Kysely's migration lock key: the migrator takes that one inside, on another connection. */
const advisoryLockKey = sql`hashtext('xinpin-mall startup')`;

async function withAdvisoryLock<T>(db: Db, run: () => Promise<T>): Promise<T> {
  return db.kysely.connection().execute(async (connection) => {
    await sql`SELECT pg_advisory_lock(${advisoryLockKey})`.execute(connection);
    try {
      return await run();
    } finally {
      await sql`SELECT pg_advisory_unlock(${advisoryLockKey})`.execute(connection);
    }
  });
}

const lockRetryMs = 100;

/** Polls instead of waiting inside SQLite: a busy wait would block this process's event loop. */
async function withLockFile<T>(path: string, run: () => Promise<T>): Promise<T> {
  const lock = new SQLite(path, { timeout: 0 });
  try {
    for (;;) {
      try {
        lock.exec('BEGIN IMMEDIATE');
        break;
      } catch (error) {
        if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
        await new Promise((resolve) => setTimeout(resolve, lockRetryMs));
      }
    }
    return await run();
  } finally {
    if (lock.inTransaction) lock.exec('ROLLBACK');
    lock.close();
  }
}
