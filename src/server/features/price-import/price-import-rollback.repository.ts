import type { Kysely } from 'kysely';
import { priceImportJobLifecycle } from '../../../contract/price-import-lifecycle.ts';
import type { Database } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { claimFrom } from '../../lifecycle/lifecycle-guard.ts';

// The bookkeeping of 回滚 around the restore itself (rollBackJob in price-import-batch.service.ts): the report and the
// purge of undo rows past their retention (the claim and the end of a rollback: price-import-claim.repository.ts).

/** Lines of a job's rollback report, in the order written. */
export function findRollbackConflicts(db: Kysely<Database>, jobId: number) {
  return db.selectFrom('priceImportRollbackConflicts').select(['rowNumber', 'code', 'productId', 'reason']).where('jobId', '=', jobId).orderBy('id').execute();
}

export async function countRollbackConflicts(db: Kysely<Database>, jobId: number): Promise<number> {
  const row = await db
    .selectFrom('priceImportRollbackConflicts')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('jobId', '=', jobId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * The sweeper's pass (expireUndo): finished jobs past their retention lose their undo rows. Each job is claimed by
 * clearing undo_until in one conditional update (never one a rollback claimed meanwhile: that update meets the
 * same row and re-reads it), then its rows are deleted.
 */
export async function purgeExpiredUndo(db: Kysely<Database>, now: number): Promise<number> {
  const expired = await db.selectFrom('priceImportJobs').select('id').where('status', '=', 'done').where('undoUntil', '<=', now).execute();
  let purged = 0;
  for (const { id } of expired) {
    await withTransaction(db, async (trx) => {
      const claimed = await trx
        .updateTable('priceImportJobs')
        .set({ undoUntil: null })
        .where('id', '=', id)
        .where('status', 'in', claimFrom(priceImportJobLifecycle, 'expireUndo'))
        .where('undoUntil', '<=', now)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return;
      await trx.deleteFrom('priceImportUndo').where('jobId', '=', id).execute();
      purged++;
    });
  }
  return purged;
}
