import { useCallback, useRef, useState, type SubmitEvent } from 'react';
import { priceImportDeskCalls } from '../../../contract/console/price-import-calls.ts';
import type {
  PriceImportJobRow,
  PriceImportMapping,
  PriceImportPreviewRow,
  PriceImportUploadView,
  PriceImportValidation,
} from '../../../contract/price-import.ts';
import type { GridPage } from '../../../contract/staff-grid.ts';
import type { GridControls } from '../staff/data-grid/grid-types.ts';
import { callStaffApi, failureMessage } from '../staff/staff-api.ts';
import { uploadPriceListFile } from './price-import-api.ts';
import { isJobActive, useJobProgress } from './use-job-progress.ts';

/** The kind the preview opens on: price changes first, then updates, then new parts. */
export function firstPreviewKind(counts: PriceImportValidation['summary']['counts']): 'priceChange' | 'update' | 'create' {
  return counts.priceChange > 0 ? 'priceChange' : counts.update > 0 ? 'update' : 'create';
}

/** The page's status line and busy flag: a step's refusal shows as its message, or the fallback. */
function useImportNotice() {
  const [notice, setNotice] = useState('');
  const [isBusy, setBusy] = useState(false);
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
  return { notice, setNotice, isBusy, run };
}

/** The jobs grid and the jobs the page watches; a job's 继续 or 回滚 answered shows in the status line. */
function useImportJobs(initialJobs: readonly PriceImportJobRow[], setNotice: (notice: string) => void) {
  const jobsGrid = useRef<GridControls>(null);
  const reloadJobs = useCallback(() => jobsGrid.current?.reload(), []);
  const progress = useJobProgress(initialJobs, reloadJobs);
  function jobChanged(job: PriceImportJobRow, message: string) {
    if (isJobActive(job)) progress.watch(job);
    setNotice(message);
    reloadJobs();
  }
  return { jobsGrid, reloadJobs, watch: progress.watch, watchedJobs: progress.jobs, jobChanged };
}

/** 价格导入's steps: upload, map the columns, validate (with the preview's first page), apply, and follow the jobs. */
export function usePriceImport(initialJobs: readonly PriceImportJobRow[]) {
  const [upload, setUpload] = useState<PriceImportUploadView | null>(null);
  const [mapping, setMapping] = useState<PriceImportMapping | string | null>(null);
  const [categoryId, setCategoryId] = useState('');
  const [validation, setValidation] = useState<PriceImportValidation | null>(null);
  const [validationSerial, setValidationSerial] = useState(0);
  const [preview, setPreview] = useState<GridPage<PriceImportPreviewRow> | null>(null);
  const [isApplied, setApplied] = useState(false);
  const { notice, setNotice, isBusy, run } = useImportNotice();
  const jobs = useImportJobs(initialJobs, setNotice);

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
      const kind = firstPreviewKind(result.summary.counts);
      setPreview(await callStaffApi(priceImportDeskCalls.preview, { filters: { uploadId: upload.uploadId, kind } }));
      setValidation(result);
      setValidationSerial((serial) => serial + 1);
    }, '校验失败，请稍后重试');
  }

  function apply() {
    if (!validation) return;
    void run(async () => {
      const applied = await callStaffApi(priceImportDeskCalls.apply, { uploadId: validation.uploadId });
      setApplied(true);
      jobs.watch(applied.job);
      jobs.reloadJobs();
      setNotice(applied.isNew ? `已提交导入任务 #${applied.job.id}` : `该文件已提交过：导入任务 #${applied.job.id}`);
    }, '提交失败，请稍后重试');
  }

  return {
    upload,
    setMapping,
    categoryId,
    setCategoryId,
    validation,
    validationSerial,
    preview,
    notice,
    isBusy,
    isApplied,
    jobsGrid: jobs.jobsGrid,
    watchedJobs: jobs.watchedJobs,
    jobChanged: jobs.jobChanged,
    submitUpload,
    validate,
    apply,
  };
}

export type PriceImport = ReturnType<typeof usePriceImport>;

/** 继续 and 回滚 of one job, sent with the status the page showed; 回滚 asks first. */
export function useJobActions(job: PriceImportJobRow, onChange: (job: PriceImportJobRow, notice: string) => void) {
  const [isBusy, setBusy] = useState(false);
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
  return { isBusy, act };
}
