import type { Kysely } from 'kysely';
import { adminProductMessages } from '../../../contract/console/products.ts';
import type { Actor } from '../../../contract/lifecycle.ts';
import { normalizePartNumber } from '../../../contract/part-number.ts';
import { priceImportJobLifecycle, type PriceImportJobEvent } from '../../../contract/price-import-lifecycle.ts';
import {
  priceImportErrors,
  priceImportLimits,
  priceImportMessages,
  priceImportUndoKeepMs,
  type PriceImportJobStatus,
  type PriceImportJobView,
  type PriceImportPreview,
} from '../../../contract/price-import.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { yieldToEventLoop } from '../../work/yield-to-event-loop.ts';
import { assertAllowed, claimFrom, refusalNow } from '../../lifecycle/lifecycle-guard.ts';
import { isDuplicatePartNumber } from '../catalog/product.service.ts';
import { planImport, productIdOfStoreCode, type ImportAction } from './price-import-plan.ts';

export type { ImportAction } from './price-import-plan.ts';
import { warehouseFiguresByCode } from '../warehouse/warehouse-stock.service.ts';
import { claimResume, claimRollback, claimStart, readJobFacts, runnableJobIds, settleJob, withQueueLock } from './price-import-claim.repository.ts';
import { applyBatch, NewPartRefused, rollBackJob, type NewPartPlace } from './price-import-batch.service.ts';
import { findJob, findJobWork, insertJob, loadBrands, loadCategory, loadPartsByCodeNorm, loadPartsById } from './price-import.repository.ts';
import type { ExplicitMapping, PriceListRead } from './price-list-read.ts';
import { countRollbackConflicts } from './price-import-rollback.repository.ts';

export { priceImportErrorReport } from './price-import-report.ts';

export interface PriceImportOptions {
  /** The level-2 category for parts the catalogue does not have; without it such rows are errors. */
  newPartCategoryId?: number;
  /** The staff member's mapping, replacing the detected one. */
  mapping?: ExplicitMapping;
}

export interface PriceImportCheck {
  read: PriceListRead;
  preview: PriceImportPreview;
  actions: ImportAction[];
}

async function placeOf(db: Kysely<Database>, categoryId: number | undefined): Promise<NewPartPlace | null> {
  if (categoryId === undefined) return null;
  const category = await loadCategory(db, categoryId);
  if (category?.level !== 2 || category.parentId === null) return null;
  return { categoryFirstId: category.parentId, categorySecondId: category.id };
}

/**
 * Validates and classifies a price list, as read (price-list-work.ts, with the options' mapping), against the catalogue
 * (loaded in bulk, never per row).
 */
export async function checkPriceList(
  db: Kysely<Database>,
  read: PriceListRead,
  options: Pick<PriceImportOptions, 'newPartCategoryId'> = {},
): Promise<PriceImportCheck> {
  const storeIds = read.rows.flatMap((row) => {
    const id = productIdOfStoreCode(row.storeCode);
    return id === null ? [] : [id];
  });
  const [brands, byCode, byId, place] = await Promise.all([
    loadBrands(db),
    loadPartsByCodeNorm(
      db,
      read.rows.map((row) => normalizePartNumber(row.mpn)),
    ),
    loadPartsById(db, storeIds),
    placeOf(db, options.newPartCategoryId),
  ]);
  const figures = await warehouseFiguresByCode(
    db,
    [...byCode, ...byId].map((part) => part.id),
  );
  for (const part of [...byCode, ...byId]) part.warehouseStock = figures.get(part.id) ?? {};
  const partsByCodeNorm = new Map<string, typeof byCode>();
  for (const part of byCode) partsByCodeNorm.set(part.codeNorm, [...(partsByCodeNorm.get(part.codeNorm) ?? []), part]);
  const plan = planImport(read.rows, read.errors, {
    brands,
    partsByCodeNorm,
    partsById: new Map(byId.map((part) => [part.id, part])),
    newPartCategoryId: place?.categorySecondId ?? null,
  });
  return { read, preview: plan.preview, actions: plan.actions };
}

interface StoredOptions {
  place: NewPartPlace | null;
}

/** Queues the checked rows as a job; the runner applies them. Returns the job id. */
export function queuePriceImport(
  db: Kysely<Database>,
  fileName: string,
  check: Pick<PriceImportCheck, 'actions'>,
  options: PriceImportOptions = {},
): Promise<number> {
  return queueImportActions(db, fileName, check.actions, options.newPartCategoryId);
}

/**
 * Queues rows a validation found (kept since) as a job, in the caller's transaction when given one. The insert
 * holds the queue's lock: a rollback claimed at the same instant sees the new job queued, or claims first.
 */
export async function queueImportActions(
  db: Kysely<Database>,
  fileName: string,
  actions: readonly ImportAction[],
  newPartCategoryId: number | undefined,
): Promise<number> {
  if (actions.length === 0) throw new AppError(priceImportErrors.nothingToApply);
  const stored: StoredOptions = { place: await placeOf(db, newPartCategoryId) };
  const now = Date.now();
  return withQueueLock(db, now, (trx) =>
    insertJob(trx, {
      fileName: fileName.slice(0, 255),
      optionsJson: JSON.stringify(stored),
      rowsJson: JSON.stringify(actions),
      total: actions.length,
      now,
    }),
  );
}

/** Progress as the console shows it after a reload: status, processed of total, the error of a failed job. */
export async function readPriceImportJob(db: Kysely<Database>, jobId: number): Promise<PriceImportJobView> {
  const job = await findJob(db, jobId);
  if (!job) throw new AppError(priceImportErrors.jobNotFound);
  return job;
}

export interface JobHooks {
  /** Called before each batch with the count already applied (tests inject a failure here). */
  beforeBatch?: (processed: number) => void | Promise<void>;
  /** Asked before each batch: true leaves the job running at its cursor, for the next worker (a process stopping). */
  shouldStop?: () => boolean;
  batchRows?: number;
}

function messageOf(error: unknown): string {
  // A part created since the list was checked (the console, another import) meets the unique part number.
  if (error instanceof NewPartRefused && isDuplicatePartNumber(error.cause)) return `${error.code}：${adminProductMessages.codeDuplicate}`;
  return error instanceof Error ? error.message : String(error);
}

async function applyJob(db: Kysely<Database>, jobId: number, work: JobWork, hooks: JobHooks): Promise<void> {
  const { place } = JSON.parse(work.optionsJson) as StoredOptions;
  const actions = JSON.parse(work.rowsJson) as ImportAction[];
  const batchRows = hooks.batchRows ?? priceImportLimits.batchRows;
  // start: a queued job takes the one place, or waits; a running one was left by a stopped worker (requeue).
  if (work.status === 'queued' && !(await claimStart(db, jobId, Date.now()))) return;
  try {
    for (let processed = work.processed; processed < actions.length; processed += batchRows) {
      if (hooks.shouldStop?.()) return;
      await hooks.beforeBatch?.(processed);
      const batch = actions.slice(processed, processed + batchRows);
      await applyBatch(db, jobId, batch, place, processed + batch.length, Date.now());
      await yieldToEventLoop();
    }
    // Its "before" values stay for 回滚 until the retention ends (purged by price-import-sweeper.ts).
    const now = Date.now();
    await settleJob(db, jobId, 'finish', { error: null, undoUntil: now + priceImportUndoKeepMs }, now);
  } catch (error) {
    await settleJob(db, jobId, 'fail', { error: `${priceImportMessages.jobFailed}（${messageOf(error)}）`.slice(0, 2000) }, Date.now());
  }
}

async function rollBackJobNow(db: Kysely<Database>, jobId: number, work: JobWork, hooks: JobHooks): Promise<void> {
  const { place } = JSON.parse(work.optionsJson) as StoredOptions;
  try {
    const chunks = { chunkRows: hooks.batchRows, beforeChunk: hooks.beforeBatch, shouldStop: hooks.shouldStop };
    if (!(await rollBackJob(db, jobId, place, Date.now(), chunks))) return;
    const conflicts = await countRollbackConflicts(db, jobId);
    const message = conflicts === 0 ? priceImportMessages.jobRolledBack : priceImportMessages.rolledBackWithConflicts(conflicts);
    // Never rolled back again: its retention ends with it.
    await settleJob(db, jobId, 'rollbackFinished', { error: message, undoUntil: null }, Date.now());
  } catch (error) {
    await settleJob(db, jobId, 'rollbackFailed', { error: `回滚未完成（${messageOf(error)}），可再次回滚`.slice(0, 2000) }, Date.now());
  }
}

type JobWork = NonNullable<Awaited<ReturnType<typeof findJobWork>>>;

/**
 * Works a job from where the job table says it is: a queued or running job is applied from its cursor in batches
 * (each batch, its "before" values and its progress commit together); a failed batch leaves the job `failed` with
 * its committed batches, to be resumed or rolled back by staff; a job rolling back is undone from the saved values.
 * A queued job starts only while no other job runs or rolls back, in any process: else it stays queued (the view
 * says so). Idempotent: a job run twice (after a crash) continues from the committed state.
 */
export async function runPriceImportJob(db: Kysely<Database>, jobId: number, hooks: JobHooks = {}): Promise<PriceImportJobView> {
  const work = await findJobWork(db, jobId);
  if (!work) throw new AppError(priceImportErrors.jobNotFound);
  if (work.status === 'queued' || work.status === 'running') await applyJob(db, jobId, work, hooks);
  else if (work.status === 'rolling_back') await rollBackJobNow(db, jobId, work, hooks);
  return readPriceImportJob(db, jobId);
}

/** The staff's moves of a job (the console's 继续 and 回滚). */
export type StaffJobEvent = Extract<PriceImportJobEvent, 'resume' | 'rollback'>;

export interface JobMoveRequest {
  /** Who asks: staff carry their role's ability. Absent only for the engine's own callers (its tests), never a route. */
  actor?: Actor;
  /** The status the actor's page showed: a page that saw another one is answered 已被他人更改，请刷新后重试. */
  seen?: PriceImportJobStatus | undefined;
}

export interface JobMoved {
  before: PriceImportJobView;
  after: PriceImportJobView;
}

/**
 * 继续 (failed → queued) or 回滚 (→ rolling_back), decided under the queue's lock from the job as it is now: the
 * lifecycle's refusal (the actor, the state, another job under way, the retention) unless allowed, then one
 * conditional update from the state the actor saw. `alongside` runs in the same transaction (the audit entry),
 * so a refused move writes nothing, and of two clicks one moves the job.
 */
export function moveJob(
  db: Kysely<Database>,
  jobId: number,
  event: StaffJobEvent,
  request: JobMoveRequest,
  alongside?: (trx: Kysely<Database>, moved: JobMoved) => Promise<void>,
): Promise<JobMoved> {
  const now = Date.now();
  return withQueueLock(db, now, async (trx) => {
    const facts = await readJobFacts(trx, jobId, now);
    if (!facts) throw new AppError(priceImportErrors.jobNotFound);
    assertAllowed(priceImportJobLifecycle, event, facts, request.actor);
    const from = claimFrom(priceImportJobLifecycle, event, request.seen);
    const before = await readPriceImportJob(trx, jobId);
    const isMoved = event === 'resume' ? await claimResume(trx, jobId, from, now) : await claimRollback(trx, jobId, from, now);
    if (!isMoved) throw refusalNow(priceImportJobLifecycle, event, (await readJobFacts(trx, jobId, now)) ?? facts, request.seen);
    const moved = { before, after: await readPriceImportJob(trx, jobId) };
    await alongside?.(trx, moved);
    return moved;
  });
}

async function isMoved(move: Promise<unknown>): Promise<boolean> {
  try {
    await move;
    return true;
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
}

/** 继续 with no actor's view: false when the lifecycle refuses (not failed, no such job). */
export function resumePriceImportJob(db: Kysely<Database>, jobId: number): Promise<boolean> {
  return isMoved(moveJob(db, jobId, 'resume', {}));
}

/**
 * 回滚 with no actor's view: a failed job, one whose rollback stopped, or a finished one within its retention is
 * queued for rollback, while no other job is queued, running or rolling back. False when refused.
 */
export function startPriceImportRollback(db: Kysely<Database>, jobId: number): Promise<boolean> {
  return isMoved(moveJob(db, jobId, 'rollback', {}));
}

export { runnableJobIds as runnablePriceImportJobIds };

export interface PriceImportRunner {
  /** Starts draining the job table if it is not already being drained. */
  kick(): void;
  /** Resolves when the current drain has finished. */
  idle(): Promise<void>;
  /** Stops after the current batch (the job stays running at its cursor for the next start) and waits for it. */
  close(): Promise<void>;
}

async function nextRunnableJobId(db: Kysely<Database>): Promise<number | null> {
  return (await runnableJobIds(db))[0] ?? null;
}

/**
 * The embedded runner: one job at a time, in this process, from the job table. A job left running by a stopped
 * process is resumed from its committed cursor before queued ones start.
 */
export function createPriceImportRunner(db: Kysely<Database>, onError: (error: unknown) => void = () => undefined): PriceImportRunner {
  let draining: Promise<void> | null = null;
  let isClosing = false;
  // A kick while draining makes the drain look at the table once more before it ends.
  let kicks = 0;
  const hooks: JobHooks = { shouldStop: () => isClosing };
  const drain = async () => {
    let seenKicks: number;
    do {
      seenKicks = kicks;
      for (let jobId = await nextRunnableJobId(db); jobId !== null && !isClosing; jobId = await nextRunnableJobId(db)) {
        // Still queued: another job holds the one place (a rollback claimed meanwhile, whose kick brings the drain back).
        if ((await runPriceImportJob(db, jobId, hooks)).status === 'queued') break;
      }
    } while (kicks !== seenKicks && !isClosing);
  };
  return {
    kick() {
      if (isClosing) return;
      kicks++;
      if (draining) return;
      draining = drain()
        .catch(onError)
        .finally(() => {
          draining = null;
        });
    },
    idle: () => draining ?? Promise.resolve(),
    async close() {
      isClosing = true;
      await (draining ?? Promise.resolve());
    },
  };
}
