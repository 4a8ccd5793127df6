import type { Kysely } from 'kysely';
import { adminProductMessages } from '../../../contract/admin-products.ts';
import { normalizePartNumber } from '../../../contract/part-number.ts';
import {
  priceImportErrors,
  priceImportLimits,
  priceImportMessages,
  priceImportUndoKeepMs,
  type PriceImportJobView,
  type PriceImportPreview,
} from '../../../contract/price-import.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { isDuplicatePartNumber } from '../catalog/product.service.ts';
import { planImport, productIdOfStoreCode, type ImportAction } from './price-import-plan.ts';

export type { ImportAction } from './price-import-plan.ts';
import { warehouseFiguresByCode } from '../warehouse/warehouse-stock.service.ts';
import {
  applyBatch,
  claimJobStatus,
  findJob,
  findJobWork,
  finishJob,
  insertJob,
  loadBrands,
  loadCategory,
  loadPartsByCodeNorm,
  loadPartsById,
  NewPartRefused,
  nextRunnableJobId,
  rollBackJob,
  runnableJobIds,
  setJobStatus,
  type NewPartPlace,
} from './price-import.repository.ts';
import { readPriceList, type ExplicitMapping, type PriceListRead } from './price-list-read.ts';
import { claimRollback, countRollbackConflicts, finishRollback } from './price-import-rollback.repository.ts';

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

/** Reads, validates and classifies a price list against the catalogue (loaded in bulk, never per row). */
export async function checkPriceList(db: Kysely<Database>, bytes: Uint8Array, options: PriceImportOptions = {}): Promise<PriceImportCheck> {
  const read = readPriceList(bytes, options.mapping);
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

/** Queues rows a validation found (kept since) as a job, in the caller's transaction when given one. */
export async function queueImportActions(
  db: Kysely<Database>,
  fileName: string,
  actions: readonly ImportAction[],
  newPartCategoryId: number | undefined,
): Promise<number> {
  if (actions.length === 0) throw new AppError(priceImportErrors.nothingToApply);
  const stored: StoredOptions = { place: await placeOf(db, newPartCategoryId) };
  return insertJob(db, {
    fileName: fileName.slice(0, 255),
    optionsJson: JSON.stringify(stored),
    rowsJson: JSON.stringify(actions),
    total: actions.length,
    now: Date.now(),
  });
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
  await setJobStatus(db, jobId, 'running', Date.now());
  try {
    for (let processed = work.processed; processed < actions.length; processed += batchRows) {
      if (hooks.shouldStop?.()) return;
      await hooks.beforeBatch?.(processed);
      const batch = actions.slice(processed, processed + batchRows);
      await applyBatch(db, jobId, batch, place, processed + batch.length, Date.now());
    }
    // Its "before" values stay for 回滚 until the retention ends (purged by price-import-sweeper.ts).
    const now = Date.now();
    await finishJob(db, jobId, now, now + priceImportUndoKeepMs);
  } catch (error) {
    await setJobStatus(db, jobId, 'failed', Date.now(), `${priceImportMessages.jobFailed}（${messageOf(error)}）`.slice(0, 2000));
  }
}

async function rollBackJobNow(db: Kysely<Database>, jobId: number, work: JobWork, hooks: JobHooks): Promise<void> {
  const { place } = JSON.parse(work.optionsJson) as StoredOptions;
  try {
    const chunks = { chunkRows: hooks.batchRows, beforeChunk: hooks.beforeBatch, shouldStop: hooks.shouldStop };
    if (!(await rollBackJob(db, jobId, place, Date.now(), chunks))) return;
    const conflicts = await countRollbackConflicts(db, jobId);
    await finishRollback(db, jobId, Date.now(), conflicts === 0 ? priceImportMessages.jobRolledBack : priceImportMessages.rolledBackWithConflicts(conflicts));
  } catch (error) {
    await setJobStatus(db, jobId, 'rollback_failed', Date.now(), `回滚未完成（${messageOf(error)}），可再次回滚`.slice(0, 2000));
  }
}

type JobWork = NonNullable<Awaited<ReturnType<typeof findJobWork>>>;

/**
 * Works a job from where the job table says it is: a queued or running job is applied from its cursor in batches
 * (each batch, its "before" values and its progress commit together); a failed batch leaves the job `failed` with
 * its committed batches, to be resumed or rolled back by staff; a job rolling back is undone from the saved values.
 * Idempotent: a job run twice (after a crash) continues from the committed state.
 */
export async function runPriceImportJob(db: Kysely<Database>, jobId: number, hooks: JobHooks = {}): Promise<PriceImportJobView> {
  const work = await findJobWork(db, jobId);
  if (!work) throw new AppError(priceImportErrors.jobNotFound);
  if (work.status === 'queued' || work.status === 'running') await applyJob(db, jobId, work, hooks);
  else if (work.status === 'rolling_back') await rollBackJobNow(db, jobId, work, hooks);
  return readPriceImportJob(db, jobId);
}

/** 继续: a failed job goes back to the queue and resumes from its cursor. Returns false when it was not failed. */
export function resumePriceImportJob(db: Kysely<Database>, jobId: number): Promise<boolean> {
  return claimJobStatus(db, jobId, ['failed'], 'queued', Date.now());
}

/**
 * 回滚: a failed job, one whose rollback stopped, or a finished one within its retention is queued for rollback,
 * while no other job is queued, running or rolling back. Returns false when refused.
 */
export function startPriceImportRollback(db: Kysely<Database>, jobId: number): Promise<boolean> {
  return claimRollback(db, jobId, Date.now());
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
        await runPriceImportJob(db, jobId, hooks);
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
