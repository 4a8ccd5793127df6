import { priceImportStatusLabels, type PriceImportJobRow } from '../../../contract/price-import.ts';

/** A job's status and bar: processed of total, from the job table. */
export function JobProgress({ job }: { job: PriceImportJobRow }) {
  const percent = job.total === 0 ? 100 : Math.floor((job.processed / job.total) * 100);
  return (
    <div className="price-import__progress" data-testid={`price-import-job-${job.id}`} data-status={job.status}>
      <span className="price-import__status">{priceImportStatusLabels[job.status]}</span>
      <progress max={job.total} value={job.processed} aria-label={`导入进度 ${percent}%`} />
      <span>
        {job.processed.toLocaleString('zh-CN')} / {job.total.toLocaleString('zh-CN')} 行（{percent}%）
      </span>
    </div>
  );
}
