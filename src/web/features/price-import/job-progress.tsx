import { priceImportStatusLabels, type PriceImportJobRow } from '../../../contract/price-import.ts';

const rollbackStatuses: readonly PriceImportJobRow['status'][] = ['rolling_back', 'rolled_back', 'rollback_failed'];

/** A job's status and bar from the job table: rows applied of total, or, once rolling back, undo rows worked of those there were. */
export function JobProgress({ job }: { job: PriceImportJobRow }) {
  const isRollback = rollbackStatuses.includes(job.status) && job.undoTotal > 0;
  const [done, total, unit] = isRollback ? [job.undone, job.undoTotal, '个商品'] : [job.processed, job.total, '行'];
  const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
  return (
    <div className="price-import__progress" data-testid={`price-import-job-${job.id}`} data-status={job.status}>
      <span className="price-import__status">{priceImportStatusLabels[job.status]}</span>
      <progress max={total} value={done} aria-label={`${isRollback ? '回滚' : '导入'}进度 ${percent}%`} />
      <span>
        {done.toLocaleString('zh-CN')} / {total.toLocaleString('zh-CN')} {unit}（{percent}%）
      </span>
    </div>
  );
}
