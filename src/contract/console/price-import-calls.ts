import type { GridPage } from '../staff-grid.ts';
import type { PriceImportApplied, PriceImportJobRow, PriceImportPreviewRow, PriceImportValidation } from '../price-import.ts';
import type { priceImportDeskRequests } from './price-import-requests.ts';
import { staffCall } from '../staff-calls.ts';

type Requests = typeof priceImportDeskRequests;
const read = { action: 'read', subject: 'PriceImport' } as const;
const create = { action: 'create', subject: 'PriceImport' } as const;
const update = { action: 'update', subject: 'PriceImport' } as const;

/**
 * /admin/api/price-import/…: 价格导入. The file itself is POSTed as multipart to priceImportUploadPath and the
 * error report is GET priceImportErrorReportPath; applying, resuming and rolling back are audited. 回滚 (of a failed
 * job, or of a finished one within priceImportUndoKeepMs) undoes what the job wrote, so it asks what applying asks;
 * its report (parts changed since, left alone) is GET priceImportRollbackReportPath.
 */
export const priceImportDeskCalls = {
  validate: staffCall<Requests['validate'], PriceImportValidation>('/admin/api/price-import/validate', create),
  preview: staffCall<Requests['preview'], GridPage<PriceImportPreviewRow>>('/admin/api/price-import/preview', read),
  apply: staffCall<Requests['apply'], PriceImportApplied>('/admin/api/price-import/apply', create),
  jobs: staffCall<Requests['jobs'], GridPage<PriceImportJobRow>>('/admin/api/price-import/jobs', read),
  job: staffCall<Requests['job'], PriceImportJobRow>('/admin/api/price-import/job', read),
  resume: staffCall<Requests['resume'], PriceImportJobRow>('/admin/api/price-import/resume', update),
  rollback: staffCall<Requests['rollback'], PriceImportJobRow>('/admin/api/price-import/rollback', create),
};
