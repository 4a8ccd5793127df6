import type { Kysely, Transaction } from 'kysely';
import type { Database } from './database.ts';

/**
 * Runs `work` in one transaction on either engine: committed when it returns, rolled back
 * when it throws. On SQLite, Kysely holds the one connection for the whole transaction, so
 * transactions of one process run one at a time; on PostgreSQL they interleave, and a
 * check-then-act inside one still needs a row lock (see lockMember in account.service).
 */
export function withTransaction<T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.transaction().execute(work);
}
