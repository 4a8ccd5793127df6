import type { Kysely } from 'kysely';
import { normalizePartNumber } from '../../../contract/part-number.ts';
import { priceImportErrors, priceImportLimits, priceImportMessages, type PriceImportJobView, type PriceImportPreview } from '../../../contract/price-import.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { planImport, productIdOfStoreCode, type ImportAction } from './price-import-plan.ts';
import {
  applyBatch,
  findJob,
  findJobWork,
  forgetUndo,
  insertJob,
  loadBrands,
  loadCategory,
  loadPartsByCodeNorm,
  loadPartsById,
  nextRunnableJobId,
  rollBackJob,
  setJobStatus,
  type NewPartPlace,
} from './price-import.repository.ts';
import { readPriceList, type ExplicitMapping, type PriceListRead } from './price-list-read.ts';

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
export async function queuePriceImport(db: Kysely<Database>, fileName: string, check: PriceImportCheck, options: PriceImportOptions = {}): Promise<number> {
  if (check.actions.length === 0) throw new AppError(priceImportErrors.nothingToApply);
  const stored: StoredOptions = { place: await placeOf(db, options.newPartCategoryId) };
  return insertJob(db, {
    fileName: fileName.slice(0, 255),
    optionsJson: JSON.stringify(stored),
    rowsJson: JSON.stringify(check.actions),
    total: check.actions.length,
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
  batchRows?: number;
}

/**
 * Applies a job from its cursor in batches (each batch and its progress commit together). On any failure every
 * applied batch is undone from the saved "before" values and the job ends rolled_back; if the rollback itself
 * fails the job is failed and keeps its undo rows, so a rollback can run again. Never half-applied once settled.
 */
export async function runPriceImportJob(db: Kysely<Database>, jobId: number, hooks: JobHooks = {}): Promise<PriceImportJobView> {
  const work = await findJobWork(db, jobId);
  if (!work) throw new AppError(priceImportErrors.jobNotFound);
  if (work.status !== 'queued' && work.status !== 'running') return readPriceImportJob(db, jobId);
  const { place } = JSON.parse(work.optionsJson) as StoredOptions;
  const actions = JSON.parse(work.rowsJson) as ImportAction[];
  const batchRows = hooks.batchRows ?? priceImportLimits.batchRows;
  await setJobStatus(db, jobId, 'running', Date.now());
  try {
    for (let processed = work.processed; processed < actions.length; processed += batchRows) {
      await hooks.beforeBatch?.(processed);
      const batch = actions.slice(processed, processed + batchRows);
      await applyBatch(db, jobId, batch, place, processed + batch.length, Date.now());
    }
    await setJobStatus(db, jobId, 'done', Date.now());
    await forgetUndo(db, jobId);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    try {
      await rollBackJob(db, jobId, place, Date.now());
      await setJobStatus(db, jobId, 'rolled_back', Date.now(), `${priceImportMessages.jobRolledBack}：${detail}`.slice(0, 2000));
    } catch (rollbackError) {
      const rollbackDetail = rollbackError instanceof Error ? rollbackError.message : String(rollbackError);
      await setJobStatus(db, jobId, 'failed', Date.now(), `${detail}；回滚未完成：${rollbackDetail}`.slice(0, 2000));
    }
  }
  return readPriceImportJob(db, jobId);
}

/** Rolls back a failed job whose rollback did not finish (its undo rows are still there). */
export async function rollBackFailedPriceImport(db: Kysely<Database>, jobId: number): Promise<PriceImportJobView> {
  const work = await findJobWork(db, jobId);
  if (!work) throw new AppError(priceImportErrors.jobNotFound);
  if (work.status === 'failed') {
    const { place } = JSON.parse(work.optionsJson) as StoredOptions;
    await rollBackJob(db, jobId, place, Date.now());
    await setJobStatus(db, jobId, 'rolled_back', Date.now(), priceImportMessages.jobRolledBack);
  }
  return readPriceImportJob(db, jobId);
}

export interface PriceImportRunner {
  /** Starts draining the job table if it is not already being drained. */
  kick(): void;
  /** Resolves when the current drain has finished. */
  idle(): Promise<void>;
}

/**
 * The embedded runner: one job at a time, in this process, from the job table. A job left running by a stopped
 * process is resumed from its committed cursor before queued ones start.
 */
export function createPriceImportRunner(db: Kysely<Database>, onError: (error: unknown) => void = () => undefined): PriceImportRunner {
  let draining: Promise<void> | null = null;
  const drain = async () => {
    for (let jobId = await nextRunnableJobId(db); jobId !== null; jobId = await nextRunnableJobId(db)) {
      await runPriceImportJob(db, jobId);
    }
  };
  return {
    kick() {
      draining ??= drain()
        .catch(onError)
        .finally(() => {
          draining = null;
        });
    },
    idle: () => draining ?? Promise.resolve(),
  };
}
