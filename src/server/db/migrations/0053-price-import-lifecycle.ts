import { sql } from 'kysely';
import type { MigrationFactory } from './migration-helpers.ts';

/**
 * The price-import queue's lock (contract/price-import-lifecycle.ts): one row that every claim on the job
 * queue updates first — a job starting, a rollback claimed, a job queued or resumed — so that the check
 * "no other job running" and the move it allows are one step on PostgreSQL too, where two staff rolling back
 * two jobs at the same instant could otherwise both pass it (READ COMMITTED; decision 0013).
 */
export const priceImportLifecycleMigration: MigrationFactory = () => ({
  async up(db) {
    await db.schema
      .createTable('price_import_queue_lock')
      .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
      .addColumn('taken_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.insertInto('price_import_queue_lock').values({ id: 1, taken_at: 0 }).execute();
  },
});
