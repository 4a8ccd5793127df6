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
}

/** A touched product's state before the job: null for a product the job created. */
export interface PriceImportUndoTable {
  id: Generated<number>;
  jobId: number;
  productId: number;
  beforeJson: string | null;
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

export interface PriceImportTables {
  priceImportJobs: PriceImportJobsTable;
  priceImportUploads: PriceImportUploadsTable;
  priceImportUndo: PriceImportUndoTable;
}
