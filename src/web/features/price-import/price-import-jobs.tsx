import { priceImportDeskCalls } from '../../../contract/console/price-import-calls.ts';
import {
  priceImportJobStatuses,
  priceImportRollbackReportPath,
  priceImportStatusLabels,
  type PriceImportJobRow,
  type PriceImportDeskPageData,
} from '../../../contract/price-import.ts';
import { formatBeijingTime } from '../../../contract/time.ts';
import { DataGrid } from '../staff/data-grid/data-grid.tsx';
import type { GridColumn } from '../staff/data-grid/grid-types.ts';
import { JobProgress } from './job-progress.tsx';
import { useJobEvents } from './job-events.ts';
import { useJobActions, type PriceImport } from './use-price-import.ts';

/** 继续 and 回滚 as the lifecycle allows them for this staff member, sent with the status the page showed. */
function JobActions({ job, onChange }: { job: PriceImportJobRow; onChange: (job: PriceImportJobRow, notice: string) => void }) {
  const { isBusy, act } = useJobActions(job, onChange);
  const events = useJobEvents(job);
  return (
    <span className="admin-table__actions">
      {events.includes('resume') && (
        <button type="button" className="admin-button" disabled={isBusy} onClick={() => void act('resume')} data-testid={`price-import-resume-${job.id}`}>
          继续
        </button>
      )}
      {events.includes('rollback') && (
        <button type="button" className="admin-button" disabled={isBusy} onClick={() => void act('rollback')} data-testid={`price-import-rollback-${job.id}`}>
          回滚
        </button>
      )}
      {job.conflictCount > 0 && (
        <a
          className="admin-button"
          href={`${priceImportRollbackReportPath}?jobId=${job.id}&format=csv`}
          download
          data-testid={`price-import-rollback-report-${job.id}`}
        >
          回滚报告
        </a>
      )}
    </span>
  );
}

/** What the 说明 column says: the job's message, else until when a finished job can be rolled back. */
function jobNote(job: PriceImportJobRow): string {
  if (job.error) return job.error;
  return job.status === 'done' && job.hasUndo && job.undoUntil !== null ? `可回滚至 ${formatBeijingTime(job.undoUntil)}` : '';
}

function jobColumns(onChange: (job: PriceImportJobRow, notice: string) => void): GridColumn<PriceImportJobRow>[] {
  return [
    { id: 'id', header: '编号', cell: (job) => job.id, isSortable: true, isAlwaysShown: true },
    { id: 'fileName', header: '文件', cell: (job) => job.fileName, isAlwaysShown: true },
    { id: 'staffName', header: '操作人', cell: (job) => job.staffName },
    { id: 'status', header: '状态', cell: (job) => <JobProgress job={job} />, isSortable: true },
    { id: 'error', header: '说明', cell: jobNote },
    { id: 'createdAt', header: '提交时间', cell: (job) => formatBeijingTime(job.createdAt), isSortable: true },
    { id: 'actions', header: '操作', cell: (job) => <JobActions job={job} onChange={onChange} /> },
  ];
}

/** 导入任务: the jobs this page started, polled until they settle, over the grid of all jobs. */
export function PriceImportJobs({ initial, priceImport }: { initial: PriceImportDeskPageData['jobs']; priceImport: PriceImport }) {
  return (
    <div className="price-import__step">
      <h2>导入任务</h2>
      {priceImport.watchedJobs.map((job) => (
        <div key={job.id} className="price-import__watched">
          #{job.id} {job.fileName}
          <JobProgress job={job} />
        </div>
      ))}
      <DataGrid
        label="导入任务"
        call={priceImportDeskCalls.jobs}
        initial={initial}
        columns={jobColumns(priceImport.jobChanged)}
        rowKey={(job) => job.id}
        filters={[
          { kind: 'text', name: 'fileName', label: '文件名', maxLength: 64 },
          {
            kind: 'select',
            name: 'status',
            label: '状态',
            options: priceImportJobStatuses.map((status) => ({ value: status, label: priceImportStatusLabels[status] })),
          },
        ]}
        storageKey="admin.priceImport.jobs.columns"
        controls={priceImport.jobsGrid}
      />
    </div>
  );
}
