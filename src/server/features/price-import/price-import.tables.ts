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

export interface PriceImportTables {
  priceImportJobs: PriceImportJobsTable;
  priceImportUndo: PriceImportUndoTable;
}
