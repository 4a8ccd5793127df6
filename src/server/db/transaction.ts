import type { Kysely, Transaction } from 'kysely';
import type { Database } from './database.ts';

/**
 * Runs `work` in one transaction on either engine: committed when it returns, rolled back
 * when it throws. On SQLite, Kysely holds the one connection for the whole transaction, so
 * transactions of one process run one at a time; on PostgreSQL they interleave, and a
 * check-then-act inside one still needs a row lock (see lockMember in account.service).
 *
 * The error thrown is the one that failed the work or the commit, never the rollback's: when
 * SQLite's COMMIT fails on a full disk it has already rolled back, and the ROLLBACK after it
 * fails too ("no transaction is active"), which would hide the storage error the store
 * answers in Chinese (db/database-errors.ts).
 */
export async function withTransaction<T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  const trx = await db.startTransaction().execute();
  let result: T;
  try {
    result = await work(trx);
    await trx.commit().execute();
  } catch (error) {
    if (!trx.isCommitted && !trx.isRolledBack)
      await trx
        .rollback()
        .execute()
        .catch(() => undefined);
    throw error;
  }
  return result;
}

/**
 * Work a caller adds to a service's change, inside the change's own transaction (the console writes
 * its audit entry there): it sees the changed row, and throwing undoes the whole change.
 */
export type AlongsideChange<Changed> = (trx: Transaction<Database>, changed: Changed) => Promise<void>;
