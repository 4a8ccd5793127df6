import { useCallback, useRef, useState, type SubmitEvent } from 'react';
import { priceImportDeskCalls } from '../../../contract/console/price-import-calls.ts';
import { formatUnitPriceE4 } from '../../../contract/money.ts';
import {
  priceImportErrorReportPath,
  priceImportFieldLabels,
  priceImportJobStatuses,
  priceImportKindLabels,
  priceImportLimits,
  priceImportRollbackReportPath,
  priceImportStatusLabels,
  type PriceImportDeskPageData,
  type PriceImportJobRow,
  type PriceImportMapping,
  type PriceImportPreviewRow,
  type PriceImportUploadView,
  type PriceImportValidation,
} from '../../../contract/price-import.ts';
import type { GridPage } from '../../../contract/staff-grid.ts';
import { formatBeijingTime } from '../../../contract/time.ts';
import { ColumnMappingForm } from '../../features/price-import/column-mapping-form.tsx';
import { JobProgress } from '../../features/price-import/job-progress.tsx';
import { uploadPriceListFile } from '../../features/price-import/price-import-api.ts';
import { failureMessage } from '../../features/staff/staff-api.ts';
import { useJobEvents } from '../../features/price-import/job-events.ts';
import { isJobActive, useJobProgress } from '../../features/price-import/use-job-progress.ts';
import { AdminLayout } from '../../features/staff/admin-layout.tsx';
import { DataGrid } from '../../features/staff/data-grid/data-grid.tsx';
import type { GridColumn, GridControls } from '../../features/staff/data-grid/grid-types.ts';
import { StaffCan } from '../../features/staff/staff-can.tsx';
import { callStaffApi } from '../../features/staff/staff-api.ts';
import type { PageProps } from '../../pages/page-props.ts';

const price = (e4: number | null) => (e4 === null ? '—' : formatUnitPriceE4(e4));
const count = (value: number | null) => (value === null ? '—' : value.toLocaleString('zh-CN'));

const previewColumns: GridColumn<PriceImportPreviewRow>[] = [
  { id: 'row', header: '行号', cell: (row) => row.row, isSortable: true, isAlwaysShown: true },
  { id: 'mpn', header: '型号', cell: (row) => row.mpn, isAlwaysShown: true },
  { id: 'productId', header: '商品编号', cell: (row) => row.productId ?? '新商品' },
  { id: 'changed', header: '变化', cell: (row) => row.changed.map((field) => priceImportFieldLabels[field] ?? field).join('、') || '—' },
  { id: 'stock', header: '库存', cell: (row) => (row.oldStock === row.newStock ? count(row.newStock) : `${count(row.oldStock)} → ${count(row.newStock)}`) },
  {
    id: 'price',
    header: '首档单价',
    cell: (row) => (row.oldFirstPriceE4 === row.newFirstPriceE4 ? price(row.newFirstPriceE4) : `${price(row.oldFirstPriceE4)} → ${price(row.newFirstPriceE4)}`),
  },
];

/** 继续 and 回滚 as the lifecycle allows them for this staff member, sent with the status the page showed. */
function JobActions({ job, onChange }: { job: PriceImportJobRow; onChange: (job: PriceImportJobRow, notice: string) => void }) {
  const [isBusy, setBusy] = useState(false);
  const events = useJobEvents(job);
  async function act(action: 'resume' | 'rollback') {
    const question =
      job.status === 'done'
        ? `确定回滚“${job.fileName}”吗？商品将恢复为导入前的价格和信息，导入新建的商品将被删除；导入后被修改过的商品不会被覆盖，会列在回滚报告中。`
        : `确定回滚“${job.fileName}”已应用的全部修改吗？`;
    if (action === 'rollback' && !window.confirm(question)) return;
    setBusy(true);
    try {
      const next = await callStaffApi(priceImportDeskCalls[action], { jobId: job.id, from: job.status });
      onChange(next, action === 'resume' ? '已继续导入' : '已开始回滚');
    } catch (failure) {
      onChange(job, failureMessage(failure, '操作失败，请稍后重试'));
    } finally {
      setBusy(false);
    }
  }
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

/** /admin/price-import: 价格导入 — upload, map the columns, validate, preview, apply, and follow the jobs. */
export function AdminPriceImportPage({ data }: PageProps<PriceImportDeskPageData>) {
  const [upload, setUpload] = useState<PriceImportUploadView | null>(null);
  const [mapping, setMapping] = useState<PriceImportMapping | string | null>(null);
  const [categoryId, setCategoryId] = useState('');
  const [validation, setValidation] = useState<PriceImportValidation | null>(null);
  const [validationSerial, setValidationSerial] = useState(0);
  const [preview, setPreview] = useState<GridPage<PriceImportPreviewRow> | null>(null);
  const [notice, setNotice] = useState('');
  const [isBusy, setBusy] = useState(false);
  const [isApplied, setApplied] = useState(false);
  const jobsGrid = useRef<GridControls>(null);
  const reloadJobs = useCallback(() => jobsGrid.current?.reload(), []);
  const progress = useJobProgress(data.jobs.rows, reloadJobs);

  async function run(work: () => Promise<void>, fallback: string) {
    setBusy(true);
    setNotice('');
    try {
      await work();
    } catch (failure) {
      setNotice(failureMessage(failure, fallback));
    } finally {
      setBusy(false);
    }
  }

  function submitUpload(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = new FormData(event.currentTarget).get('file');
    if (!(file instanceof File) || file.size === 0) {
      setNotice('请选择要上传的价格表文件');
      return;
    }
    void run(async () => {
      const uploaded = await uploadPriceListFile(file);
      setUpload(uploaded);
      setMapping(uploaded.mapping);
      setValidation(null);
      setPreview(null);
      setApplied(false);
    }, '上传失败，请稍后重试');
  }

  function validate() {
    if (!upload) return;
    if (typeof mapping === 'string') {
      setNotice(mapping);
      return;
    }
    void run(async () => {
      const result = await callStaffApi(priceImportDeskCalls.validate, {
        uploadId: upload.uploadId,
        ...(mapping ? { explicit: { headerRowIndex: upload.headerRowIndex, mapping } } : {}),
        ...(categoryId ? { newPartCategoryId: Number(categoryId) } : {}),
      });
      const firstKind = result.summary.counts.priceChange > 0 ? 'priceChange' : result.summary.counts.update > 0 ? 'update' : 'create';
      setPreview(await callStaffApi(priceImportDeskCalls.preview, { filters: { uploadId: upload.uploadId, kind: firstKind } }));
      setValidation(result);
      setValidationSerial((serial) => serial + 1);
    }, '校验失败，请稍后重试');
  }

  function apply() {
    if (!validation) return;
    void run(async () => {
      const applied = await callStaffApi(priceImportDeskCalls.apply, { uploadId: validation.uploadId });
      setApplied(true);
      progress.watch(applied.job);
      reloadJobs();
      setNotice(applied.isNew ? `已提交导入任务 #${applied.job.id}` : `该文件已提交过：导入任务 #${applied.job.id}`);
    }, '提交失败，请稍后重试');
  }

  function jobChanged(job: PriceImportJobRow, message: string) {
    if (isJobActive(job)) progress.watch(job);
    setNotice(message);
    reloadJobs();
  }

  const jobColumns: GridColumn<PriceImportJobRow>[] = [
    { id: 'id', header: '编号', cell: (job) => job.id, isSortable: true, isAlwaysShown: true },
    { id: 'fileName', header: '文件', cell: (job) => job.fileName, isAlwaysShown: true },
    { id: 'staffName', header: '操作人', cell: (job) => job.staffName },
    { id: 'status', header: '状态', cell: (job) => <JobProgress job={job} />, isSortable: true },
    { id: 'error', header: '说明', cell: jobNote },
    { id: 'createdAt', header: '提交时间', cell: (job) => formatBeijingTime(job.createdAt), isSortable: true },
    { id: 'actions', header: '操作', cell: (job) => <JobActions job={job} onChange={jobChanged} /> },
  ];

  const counts = validation?.summary.counts;
  const applying = counts ? counts.create + counts.update + counts.priceChange : 0;
  const reportHref = (format: 'csv' | 'xlsx') => `${priceImportErrorReportPath}?uploadId=${validation?.uploadId ?? 0}&format=${format}`;
  return (
    <AdminLayout staff={data.staff} menu={data.menu} current="/admin/price-import">
      <section className="admin-card price-import">
        <h1>价格导入</h1>
        <p className="price-import__hint">
          支持 .xlsx / .xls / .csv（UTF-8 或 GBK），最多 {priceImportLimits.rowsMax.toLocaleString('zh-CN')} 行、
          {priceImportLimits.fileBytesMax / 1024 / 1024} MB；表头可在前几行标题之下，列会按表头自动识别，可手动调整。
        </p>
        <StaffCan action="create" subject="PriceImport">
          <form className="admin-create" onSubmit={submitUpload}>
            <input type="file" name="file" accept=".xlsx,.xls,.csv,.txt" aria-label="价格表文件" />
            <button type="submit" className="admin-button" disabled={isBusy} data-testid="price-import-upload">
              上传
            </button>
          </form>
        </StaffCan>
        <p className="admin-notice" role="alert" data-testid="price-import-notice">
          {notice}
        </p>

        {upload && (
          <div className="price-import__step">
            <h2>
              列映射：{upload.fileName}
              {upload.sheetName ? `（工作表 ${upload.sheetName}，表头在第 ${upload.headerRowIndex + 1} 行）` : ''}
            </h2>
            <ColumnMappingForm key={upload.uploadId} upload={upload} onChange={setMapping} />
            <div className="admin-create">
              <label>
                新商品归入分类：
                <select value={categoryId} onChange={(event) => setCategoryId(event.target.value)} aria-label="新商品分类">
                  <option value="">不导入新商品（商品库中没有的型号记为错误）</option>
                  {data.categories.map((category) => (
                    <option key={category.id} value={category.id}>
                      {category.label}
                    </option>
                  ))}
                </select>
              </label>
              <button type="button" className="admin-button" disabled={isBusy || isApplied} onClick={validate} data-testid="price-import-validate">
                校验
              </button>
            </div>
          </div>
        )}

        {validation && counts && (
          <div className="price-import__step" data-testid="price-import-summary">
            <h2>校验结果</h2>
            <table className="admin-table price-import__summary">
              <tbody>
                <tr>
                  <th>数据行</th>
                  <th>{priceImportKindLabels.create}</th>
                  <th>{priceImportKindLabels.update}</th>
                  <th>{priceImportKindLabels.priceChange}</th>
                  <th>{priceImportKindLabels.unchanged}</th>
                  <th>错误行</th>
                </tr>
                <tr>
                  <td data-testid="summary-total">{count(validation.summary.total)}</td>
                  <td data-testid="summary-create">{count(counts.create)}</td>
                  <td data-testid="summary-update">{count(counts.update)}</td>
                  <td data-testid="summary-priceChange">{count(counts.priceChange)}</td>
                  <td data-testid="summary-unchanged">{count(counts.unchanged)}</td>
                  <td data-testid="summary-error">{count(counts.error)}</td>
                </tr>
              </tbody>
            </table>
            {validation.summary.errorCount > 0 && (
              <>
                <h3>
                  错误（共 {count(validation.summary.errorCount)} 条
                  {validation.summary.errorCount > validation.firstErrors.length ? `，下表列出前 ${validation.firstErrors.length} 条` : ''}）
                  <a className="admin-button" href={reportHref('csv')} download data-testid="price-import-report-csv">
                    下载错误报告 CSV
                  </a>
                  <a className="admin-button" href={reportHref('xlsx')} download data-testid="price-import-report-xlsx">
                    下载错误报告 Excel
                  </a>
                </h3>
                <table className="admin-table" data-testid="price-import-errors">
                  <thead>
                    <tr>
                      <th>行号</th>
                      <th>列</th>
                      <th>原因</th>
                    </tr>
                  </thead>
                  <tbody>
                    {validation.firstErrors.map((error, index) => (
                      <tr key={index}>
                        <td>{error.row}</td>
                        <td>{error.column}</td>
                        <td>{error.reason}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </>
            )}
            {preview && (
              <>
                <h3>预览</h3>
                <DataGrid
                  key={validationSerial}
                  label="导入预览"
                  call={priceImportDeskCalls.preview}
                  initial={preview}
                  columns={previewColumns}
                  rowKey={(row) => row.row}
                  filters={[
                    {
                      kind: 'select',
                      name: 'kind',
                      label: '类型',
                      options: (['priceChange', 'update', 'create'] as const).map((kind) => ({
                        value: kind,
                        label: `${priceImportKindLabels[kind]}（${counts[kind]}）`,
                      })),
                    },
                  ]}
                  initialFilters={{ kind: preview.rows[0]?.kind ?? (counts.priceChange > 0 ? 'priceChange' : counts.update > 0 ? 'update' : 'create') }}
                  toQuery={(values) => ({ uploadId: validation.uploadId, kind: values.kind === undefined || values.kind === '' ? 'priceChange' : values.kind })}
                  storageKey="admin.priceImport.preview.columns"
                />
              </>
            )}
            <StaffCan action="create" subject="PriceImport">
              <p>
                <button
                  type="button"
                  className="admin-button"
                  disabled={isBusy || isApplied || applying === 0}
                  onClick={apply}
                  data-testid="price-import-apply"
                >
                  应用（{count(applying)} 行）
                </button>
              </p>
            </StaffCan>
          </div>
        )}

        <div className="price-import__step">
          <h2>导入任务</h2>
          {progress.jobs.map((job) => (
            <div key={job.id} className="price-import__watched">
              #{job.id} {job.fileName}
              <JobProgress job={job} />
            </div>
          ))}
          <DataGrid
            label="导入任务"
            call={priceImportDeskCalls.jobs}
            initial={data.jobs}
            columns={jobColumns}
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
            controls={jobsGrid}
          />
        </div>
      </section>
    </AdminLayout>
  );
}
