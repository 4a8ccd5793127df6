import type { Generated } from 'kysely';
import type { PriceImportJobStatus } from '../../../contract/price-import.ts';

export interface PriceImportJobsTable {
  id: Generated<number>;
  status: PriceImportJobStatus;
  fileName: string;
  /** JSON of PriceImportApplyOptions. */
  optionsJson: string;
  /** JSON of the validated rows to apply, in file order. */
  rowsJson: string;
  total: number;
  /** Rows applied and committed: the resume cursor. */
  processed: number;
  error: string | null;
  createdAt: number;
  updatedAt: number;
  /** A finished job can be rolled back until then; null once its undo rows are purged (migration 0047). */
  undoUntil: number | null;
  /** A rollback's progress: undo rows worked of those there were when it started. */
  undoTotal: Generated<number>;
  undone: Generated<number>;
}

/** A touched product's state before the job: null for a product the job created. */
export interface PriceImportUndoTable {
  id: Generated<number>;
  jobId: number;
  productId: number;
  beforeJson: string | null;
  /** The part as the job left it (migration 0047): a rollback leaves a part changed since alone. */
  afterJson: string | null;
  /** The row of the file that touched it. */
  rowNumber: number | null;
}

/** A part a rollback did not overwrite or delete, and why (the conflict report). */
export interface PriceImportRollbackConflictsTable {
  id: Generated<number>;
  jobId: number;
  productId: number;
  rowNumber: number | null;
  code: string;
  reason: string;
}

/** A staff member's uploaded price list and its last validation (migration 0039). */
export interface PriceImportUploadsTable {
  id: Generated<number>;
  staffId: number;
  staffName: string;
  fileName: string;
  bytes: Uint8Array;
  status: 'uploaded' | 'validated' | 'applied';
  /** JSON of the PriceImportOptions last validated with (mapping, category for new parts). */
  optionsJson: string | null;
  /** JSON of PriceImportSummary. */
  summaryJson: string | null;
  errorsJson: string | null;
  /** JSON of the ImportAction[] the validation found, applied as they are. */
  actionsJson: string | null;
  jobId: number | null;
  createdAt: number;
  updatedAt: number;
}

/** One row (id 1) every claim on the job queue updates first: the lock that makes check and move one step (migration 0053). */
export interface PriceImportQueueLockTable {
  id: number;
  takenAt: number;
}

export interface PriceImportTables {
  priceImportJobs: PriceImportJobsTable;
  priceImportUploads: PriceImportUploadsTable;
  priceImportUndo: PriceImportUndoTable;
  priceImportRollbackConflicts: PriceImportRollbackConflictsTable;
  priceImportQueueLock: PriceImportQueueLockTable;
}
