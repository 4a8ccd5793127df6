import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { priceImportDeskRequests } from '../../../contract/console/price-import-requests.ts';
import {
  priceImportErrors,
  priceImportFirstErrors,
  type PriceImportApplied,
  type PriceImportChangeKind,
  type PriceImportError,
  type PriceImportJobRow,
  type PriceImportPreviewRow,
  type PriceImportSummary,
  type PriceImportUploadView,
  type PriceImportValidation,
} from '../../../contract/price-import.ts';
import type { StaffIdentity } from '../../../contract/staff.ts';
import { hasUndoOf } from '../../../contract/price-import-lifecycle.ts';
import type { PriceImportJobStatus } from '../../../contract/price-import.ts';
import type { GridPage } from '../../../contract/staff-grid.ts';
import type { Database } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { recordStaffChange } from '../staff/audit.service.ts';
import { staffActorOf } from '../staff/staff-actor.ts';
import { pageOfQuery } from '../staff/grid-query.ts';
import {
  attachJob,
  claimUploadForApply,
  findJobRow,
  findUploadFile,
  findUploadOutcome,
  insertUpload,
  isSecondLevelCategory,
  jobRowsQuery,
  loadPartFigures,
  loadSecondLevelCategories,
  saveValidation,
} from './price-import-upload.repository.ts';
import type { PriceImportQueue } from './price-import-queue.ts';
import { priceImportRollbackReport } from './price-import-report.ts';
import { findRollbackConflicts } from './price-import-rollback.repository.ts';
import {
  checkPriceList,
  moveJob,
  priceImportErrorReport,
  queueImportActions,
  readPriceImportJob,
  type ImportAction,
  type PriceImportOptions,
  type StaffJobEvent,
} from './price-import.service.ts';
import type { PriceListReader } from './price-list-work.ts';

type Requests = { [Name in keyof typeof priceImportDeskRequests]: z.output<(typeof priceImportDeskRequests)[Name]> };

/** Who acts, from where: what the audit log records. */
export interface PriceImportActor {
  staff: StaffIdentity;
  ip: string;
}

/** What reading a file takes: the database, and the reader of price lists in the app's worker threads. */
export interface PriceListDeps {
  db: Kysely<Database>;
  lists: PriceListReader;
}

/** Whose reads the worker threads count together: a staff member may have two files read at once. */
const readerOf = (actor: PriceImportActor) => `staff:${String(actor.staff.id)}`;

/** Keeps the file and answers how it reads: the detected header and mapping, and a few rows under it. */
export async function receivePriceList(
  { db, lists }: PriceListDeps,
  actor: PriceImportActor,
  fileName: string,
  bytes: Uint8Array,
): Promise<PriceImportUploadView> {
  const read = await lists.readHead(readerOf(actor), bytes);
  const uploadId = await insertUpload(db, { staffId: actor.staff.id, staffName: actor.staff.displayName, fileName, bytes, now: Date.now() });
  return {
    uploadId,
    fileName,
    sheetName: read.sheetName,
    headerRowIndex: read.headerRowIndex,
    headers: read.headers,
    mapping: read.mapping,
    sampleRows: read.sampleRows,
  };
}

/** Validates the kept file with the chosen mapping against the catalogue as it is now, and keeps the outcome. */
export async function validateUpload({ db, lists }: PriceListDeps, actor: PriceImportActor, body: Requests['validate']): Promise<PriceImportValidation> {
  const upload = await findUploadFile(db, body.uploadId);
  if (!upload) throw new AppError(priceImportErrors.uploadNotFound);
  if (upload.status === 'applied') throw new AppError(priceImportErrors.alreadyApplied);
  if (body.newPartCategoryId !== undefined && !(await isSecondLevelCategory(db, body.newPartCategoryId))) throw new AppError(priceImportErrors.categoryInvalid);
  const options: PriceImportOptions = {
    ...(body.explicit ? { mapping: body.explicit } : {}),
    ...(body.newPartCategoryId === undefined ? {} : { newPartCategoryId: body.newPartCategoryId }),
  };
  const read = await lists.read(readerOf(actor), new Uint8Array(upload.bytes), options.mapping);
  const check = await checkPriceList(db, read, options);
  const summary: PriceImportSummary = { total: check.preview.total, counts: check.preview.counts, errorCount: check.preview.errors.length };
  const isSaved = await saveValidation(db, upload.id, {
    optionsJson: JSON.stringify(options),
    summaryJson: JSON.stringify(summary),
    errorsJson: JSON.stringify(check.preview.errors),
    actionsJson: JSON.stringify(check.actions),
    now: Date.now(),
  });
  if (!isSaved) throw new AppError(priceImportErrors.alreadyApplied);
  return { uploadId: upload.id, summary, firstErrors: check.preview.errors.slice(0, priceImportFirstErrors) };
}

async function validatedOutcome(db: Kysely<Database>, uploadId: number) {
  const upload = await findUploadOutcome(db, uploadId);
  if (!upload) throw new AppError(priceImportErrors.uploadNotFound);
  if (upload.status === 'uploaded' || upload.errorsJson === null) throw new AppError(priceImportErrors.notValidated);
  return upload;
}

/** A page of the creates, updates or price changes a validation found, with the catalogue's figures now. */
export async function previewUpload(db: Kysely<Database>, query: Requests['preview']): Promise<GridPage<PriceImportPreviewRow>> {
  const upload = await validatedOutcome(db, query.filters.uploadId);
  if (upload.actionsJson === null) throw new AppError(priceImportErrors.alreadyApplied);
  const kind: PriceImportChangeKind = query.filters.kind;
  const actions = (JSON.parse(upload.actionsJson) as ImportAction[]).filter((action) => action.kind === kind);
  if (query.sort?.direction === 'desc') actions.reverse();
  const shown = actions.slice((query.page - 1) * query.pageSize, query.page * query.pageSize);
  const figures = await loadPartFigures(
    db,
    shown.flatMap((action) => (action.productId === null ? [] : [action.productId])),
  );
  const rows = shown.map((action): PriceImportPreviewRow => {
    const now = action.productId === null ? undefined : figures.get(action.productId);
    const changed = [
      ...(action.stock === null ? [] : ['stock']),
      ...(action.packSize === null ? [] : ['packSize']),
      ...(action.package === null ? [] : ['package']),
      ...(action.description === null ? [] : ['description']),
      ...(action.tiers === null ? [] : ['prices']),
    ];
    return {
      row: action.row,
      kind,
      mpn: action.code,
      productId: action.productId,
      changed: action.kind === 'create' ? [] : changed,
      oldStock: now?.stock ?? null,
      newStock: action.stock ?? now?.stock ?? null,
      oldFirstPriceE4: now?.firstTierPriceE4 ?? null,
      newFirstPriceE4: action.tiers?.[0]?.priceE4 ?? now?.firstTierPriceE4 ?? null,
    };
  });
  return { rows, total: actions.length, page: query.page, pageSize: query.pageSize };
}

/** Every error of the last validation, as the downloadable report. */
export async function uploadErrorReport(db: Kysely<Database>, uploadId: number, format: 'csv' | 'xlsx'): Promise<{ fileName: string; bytes: Uint8Array }> {
  const upload = await validatedOutcome(db, uploadId);
  const errors = JSON.parse(upload.errorsJson ?? '[]') as PriceImportError[];
  const base = upload.fileName.replace(/\.[^.]*$/, '') || '价格表';
  return { fileName: `${base}-错误报告.${format}`, bytes: priceImportErrorReport(errors, format) };
}

async function jobRow(db: Kysely<Database>, jobId: number): Promise<PriceImportJobRow> {
  const row = await findJobRow(db, jobId);
  if (!row) throw new AppError(priceImportErrors.jobNotFound);
  return jobRowOf(row);
}

/** The count comes back as a string on PostgreSQL (bigint). */
function jobRowOf(row: NonNullable<Awaited<ReturnType<typeof findJobRow>>>): PriceImportJobRow {
  return { ...row, staffName: row.staffName ?? '', conflictCount: Number(row.conflictCount ?? 0), hasUndo: hasUndoOf(row.status, row.undoUntil, Date.now()) };
}

/**
 * 应用: the validated rows become one job, audited with who, the file and the counts. The upload moves
 * validated → applied in one statement inside the transaction, so a second click (or a second tab) gets the job
 * the first one queued, never a second job.
 */
export async function applyUpload(db: Kysely<Database>, queue: PriceImportQueue, actor: PriceImportActor, uploadId: number): Promise<PriceImportApplied> {
  const applied = await withTransaction(db, async (trx) => {
    if (!(await claimUploadForApply(trx, uploadId, Date.now()))) {
      const upload = await findUploadOutcome(trx, uploadId);
      if (!upload) throw new AppError(priceImportErrors.uploadNotFound);
      if (upload.status === 'applied' && upload.jobId !== null) return { jobId: upload.jobId, isNew: false };
      throw new AppError(upload.status === 'applied' ? priceImportErrors.alreadyApplied : priceImportErrors.notValidated);
    }
    const upload = await findUploadOutcome(trx, uploadId);
    if (!upload?.actionsJson || !upload.summaryJson) throw new AppError(priceImportErrors.notValidated);
    const options = JSON.parse(upload.optionsJson ?? '{}') as PriceImportOptions;
    const actions = JSON.parse(upload.actionsJson) as ImportAction[];
    const jobId = await queueImportActions(trx, upload.fileName, actions, options.newPartCategoryId);
    await attachJob(trx, uploadId, jobId, Date.now());
    const summary = JSON.parse(upload.summaryJson) as PriceImportSummary;
    await recordStaffChange(trx, {
      staff: actor.staff,
      action: 'apply',
      subject: 'PriceImport',
      subjectId: jobId,
      before: null,
      after: { fileName: upload.fileName, uploadId, rows: summary.total, ...summary.counts, applying: actions.length },
      ip: actor.ip,
    });
    return { jobId, isNew: true };
  });
  if (applied.isNew) await queue.enqueue(applied.jobId);
  return { job: await jobRow(db, applied.jobId), isNew: applied.isNew };
}

export function readJobRow(db: Kysely<Database>, jobId: number): Promise<PriceImportJobRow> {
  return jobRow(db, jobId);
}

export function listJobs(db: Kysely<Database>, query: Requests['jobs']): Promise<GridPage<PriceImportJobRow>> {
  return pageOfQuery(
    jobRowsQuery(db, query.filters),
    query,
    { id: 'priceImportJobs.id', createdAt: 'priceImportJobs.createdAt', status: 'priceImportJobs.status' },
    { column: 'id', direction: 'desc' },
    'priceImportJobs.id',
  ).then((page) => ({ ...page, rows: page.rows.map(jobRowOf) }));
}

/** The rollback report: each part the rollback left alone or kept the stock of (row of the file, part, reason). */
export async function rollbackReport(db: Kysely<Database>, jobId: number, format: 'csv' | 'xlsx'): Promise<{ fileName: string; bytes: Uint8Array }> {
  const job = await readPriceImportJob(db, jobId);
  const lines = await findRollbackConflicts(db, jobId);
  const base = job.fileName.replace(/\.[^.]*$/, '') || '价格表';
  return { fileName: `${base}-回滚报告.${format}`, bytes: priceImportRollbackReport(lines, format) };
}

/**
 * 继续 or 回滚 (of an interrupted or finished job) as the staff member's page saw the job: the lifecycle decides
 * under the queue's lock, the audit entry is written in the same transaction, then a worker is woken.
 */
async function moveJobAudited(
  db: Kysely<Database>,
  queue: PriceImportQueue,
  actor: PriceImportActor,
  jobId: number,
  event: StaffJobEvent,
  seen: PriceImportJobStatus | undefined,
): Promise<PriceImportJobRow> {
  await moveJob(db, jobId, event, { actor: staffActorOf(actor.staff), seen }, async (trx, { before, after }) => {
    await recordStaffChange(trx, {
      staff: actor.staff,
      action: event,
      subject: 'PriceImport',
      subjectId: jobId,
      before: { fileName: before.fileName, status: before.status, processed: before.processed, total: before.total },
      after: { fileName: after.fileName, status: after.status, processed: after.processed, total: after.total },
      ip: actor.ip,
    });
  });
  await queue.enqueue(jobId);
  return jobRow(db, jobId);
}

export function resumeJob(db: Kysely<Database>, queue: PriceImportQueue, actor: PriceImportActor, jobId: number, seen?: PriceImportJobStatus) {
  return moveJobAudited(db, queue, actor, jobId, 'resume', seen);
}

export function rollBackJob(db: Kysely<Database>, queue: PriceImportQueue, actor: PriceImportActor, jobId: number, seen?: PriceImportJobStatus) {
  return moveJobAudited(db, queue, actor, jobId, 'rollback', seen);
}

export function priceImportCategories(db: Kysely<Database>) {
  return loadSecondLevelCategories(db);
}
