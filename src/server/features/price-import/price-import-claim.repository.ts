import type { ExpressionBuilder, Kysely } from 'kysely';
import { hasUndoOf, priceImportJobLifecycle, type PriceImportJobFacts } from '../../../contract/price-import-lifecycle.ts';
import type { PriceImportJobStatus } from '../../../contract/price-import.ts';
import type { Database } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { claimFrom } from '../../lifecycle/lifecycle-guard.ts';

// Every status write of price_import_jobs (contract/price-import-lifecycle.ts): one conditional update from the
// states the event leaves (or the one the actor saw). The moves into the queue's one place — a job starting, a
// rollback claimed — and the moves into the queue — a job queued or resumed — first take the queue's lock, so the
// check "no other job running" and the move are one step on PostgreSQL as on SQLite (migration 0053).

/** Jobs that hold the workers' one place, and those waiting for it. */
const runningStatuses: readonly PriceImportJobStatus[] = ['running', 'rolling_back'];
const activeStatuses: readonly PriceImportJobStatus[] = ['queued', ...runningStatuses];

/**
 * Takes the queue's lock until the caller's transaction ends: the row lock of price_import_queue_lock on PostgreSQL
 * (a second claim waits here, then reads what the first committed), the write lock on SQLite.
 */
export async function lockQueue(trx: Kysely<Database>, now: number): Promise<void> {
  const result = await trx.updateTable('priceImportQueueLock').set({ takenAt: now }).where('id', '=', 1).executeTakeFirst();
  // Without its row nothing would be locked, silently: refuse to claim instead.
  if (Number(result.numUpdatedRows) !== 1) throw new Error('price_import_queue_lock has no row 1 (migration 0053)');
}

/** Runs `work` holding the queue's lock: in the caller's transaction when given one, else in its own. */
export function withQueueLock<T>(db: Kysely<Database>, now: number, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  const locked = async (trx: Kysely<Database>) => {
    await lockQueue(trx, now);
    return work(trx);
  };
  return db.isTransaction ? locked(db) : withTransaction(db, locked);
}

function otherJobIn(eb: ExpressionBuilder<Database, 'priceImportJobs'>, jobId: number, statuses: readonly PriceImportJobStatus[]) {
  return eb.exists(
    eb
      .selectFrom('priceImportJobs as other')
      .select('other.id')
      .where('other.status', 'in', [...statuses])
      .where('other.id', '<>', jobId),
  );
}

/** The job's facts as the lifecycle's guards read them, now; undefined when there is no such job. */
export async function readJobFacts(db: Kysely<Database>, jobId: number, now: number): Promise<PriceImportJobFacts | undefined> {
  const job = await db.selectFrom('priceImportJobs').select(['status', 'undoUntil']).where('id', '=', jobId).executeTakeFirst();
  if (!job) return undefined;
  const others = await db
    .selectFrom('priceImportJobs')
    .select('status')
    .distinct()
    .where('status', 'in', [...activeStatuses])
    .where('id', '<>', jobId)
    .execute();
  return {
    state: job.status,
    hasUndo: hasUndoOf(job.status, job.undoUntil, now),
    isOtherJobRunning: others.some((other) => runningStatuses.includes(other.status)),
    isOtherJobQueued: others.some((other) => other.status === 'queued'),
  };
}

/** start: queued → running, only while no other job runs or rolls back. False: the job waits (or is not queued). */
export function claimStart(db: Kysely<Database>, jobId: number, now: number): Promise<boolean> {
  return withQueueLock(db, now, async (trx) => {
    const result = await trx
      .updateTable('priceImportJobs')
      .set({ status: 'running', error: null, updatedAt: now })
      .where('id', '=', jobId)
      .where('status', 'in', claimFrom(priceImportJobLifecycle, 'start'))
      .where((eb) => eb.not(otherJobIn(eb, jobId, runningStatuses)))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  });
}

/** resume (继续), in the caller's transaction holding the queue's lock: back to the queue from `from`. */
export async function claimResume(trx: Kysely<Database>, jobId: number, from: readonly PriceImportJobStatus[], now: number): Promise<boolean> {
  const result = await trx
    .updateTable('priceImportJobs')
    .set({ status: 'queued', updatedAt: now })
    .where('id', '=', jobId)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * rollback (回滚), in the caller's transaction holding the queue's lock: to rolling_back from `from`, a finished job
 * only within its undo retention, and only while no other job is queued, running or rolling back; its progress
 * starts at 0 of the undo rows it has.
 */
export async function claimRollback(trx: Kysely<Database>, jobId: number, from: readonly PriceImportJobStatus[], now: number): Promise<boolean> {
  const result = await trx
    .updateTable('priceImportJobs')
    .set((eb) => ({
      status: 'rolling_back',
      updatedAt: now,
      undone: 0,
      undoTotal: eb.selectFrom('priceImportUndo').select(eb.fn.countAll<number>().as('count')).where('jobId', '=', jobId),
    }))
    .where('id', '=', jobId)
    .where('status', 'in', [...from])
    .where((eb) => eb.or([eb('status', '<>', 'done'), eb('undoUntil', '>', now)]))
    .where((eb) => eb.not(otherJobIn(eb, jobId, activeStatuses)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A worker's end of a run: the job leaves the one place. */
export type SettleEvent = 'finish' | 'fail' | 'rollbackFinished' | 'rollbackFailed';

/**
 * finish, fail, rollbackFinished, rollbackFailed: from the state the event leaves. False when the job was not
 * there (nothing else moves a running job; the condition keeps a late worker from overwriting another's end).
 */
export async function settleJob(
  db: Kysely<Database>,
  jobId: number,
  event: SettleEvent,
  values: { error: string | null; undoUntil?: number | null },
  now: number,
): Promise<boolean> {
  const to = priceImportJobLifecycle.events[event].to;
  if (to === 'same') throw new Error(`price import: ${event} moves no job`);
  const result = await db
    .updateTable('priceImportJobs')
    .set({ status: to, updatedAt: now, ...values })
    .where('id', '=', jobId)
    .where('status', 'in', claimFrom(priceImportJobLifecycle, event))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** requeue: the jobs a worker should take up, those a stopped process left mid-way first, each group oldest first. */
export async function runnableJobIds(db: Kysely<Database>): Promise<number[]> {
  const rows = await db
    .selectFrom('priceImportJobs')
    .select(['id', 'status'])
    .where('status', 'in', claimFrom(priceImportJobLifecycle, 'requeue'))
    .orderBy('id')
    .execute();
  const isLeftMidway = (status: PriceImportJobStatus) => runningStatuses.includes(status);
  return [...rows.filter((row) => isLeftMidway(row.status)), ...rows.filter((row) => !isLeftMidway(row.status))].map((row) => row.id);
}
