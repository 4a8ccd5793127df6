import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

// The bookkeeping of 回滚 around the restore itself (rollBackJob in price-import.repository.ts): the claim, the
// report, the end of a rollback and the purge of undo rows past their retention.

/** Lines of a job's rollback report, in the order written. */
export function findRollbackConflicts(db: Kysely<Database>, jobId: number) {
  return db.selectFrom('priceImportRollbackConflicts').select(['rowNumber', 'code', 'productId', 'reason']).where('jobId', '=', jobId).orderBy('id').execute();
}

/**
 * 回滚 claimed in one statement: the job moves to rolling_back only from failed, rollback_failed or done within its
 * undo retention, and only while no other job is queued, running or rolling back; its progress starts at 0 of the
 * undo rows it has. Two staff clicking at once: one update wins, the other finds the job rolling back.
 */
export async function claimRollback(db: Kysely<Database>, jobId: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('priceImportJobs')
    .set((eb) => ({
      status: 'rolling_back',
      updatedAt: now,
      undone: 0,
      undoTotal: eb.selectFrom('priceImportUndo').select(eb.fn.countAll<number>().as('count')).where('jobId', '=', jobId),
    }))
    .where('id', '=', jobId)
    .where((eb) =>
      eb.and([
        eb.or([eb('status', 'in', ['failed', 'rollback_failed']), eb.and([eb('status', '=', 'done'), eb('undoUntil', '>', now)])]),
        eb.not(
          eb.exists(
            eb
              .selectFrom('priceImportJobs as other')
              .select('other.id')
              .where('other.status', 'in', ['queued', 'running', 'rolling_back'])
              .where('other.id', '<>', jobId),
          ),
        ),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Is any job but this one queued, running or rolling back? (Why a rollback claim was refused.) */
export async function isOtherJobActive(db: Kysely<Database>, jobId: number): Promise<boolean> {
  const row = await db
    .selectFrom('priceImportJobs')
    .select('id')
    .where('status', 'in', ['queued', 'running', 'rolling_back'])
    .where('id', '<>', jobId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** A rollback finished: the job can never be rolled back again. */
export async function finishRollback(db: Kysely<Database>, jobId: number, now: number, message: string): Promise<void> {
  await db.updateTable('priceImportJobs').set({ status: 'rolled_back', error: message, updatedAt: now, undoUntil: null }).where('id', '=', jobId).execute();
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
 * The sweeper's pass: finished jobs past their retention lose their undo rows. Each job is claimed by clearing
 * undo_until in one conditional update (never one a rollback claimed meanwhile), then its rows are deleted.
 */
export async function purgeExpiredUndo(db: Kysely<Database>, now: number): Promise<number> {
  const expired = await db.selectFrom('priceImportJobs').select('id').where('status', '=', 'done').where('undoUntil', '<=', now).execute();
  let purged = 0;
  for (const { id } of expired) {
    await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('priceImportJobs')
        .set({ undoUntil: null })
        .where('id', '=', id)
        .where('status', '=', 'done')
        .where('undoUntil', '<=', now)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return;
      await trx.deleteFrom('priceImportUndo').where('jobId', '=', id).execute();
      purged++;
    });
  }
  return purged;
}
