import { workerFileOf, type Spent, type WorkPool, type WorkRefusal } from '../../work/work-pool.ts';
import type { FileReadOutcome, FileReadTask, QuotationPdfOutcome, QuotationPdfTask } from './bom-work.worker.ts';

/**
 * The BOM tool's work in the app's worker threads (work/work-pool.ts): reading an uploaded workbook costs up to
 * seconds of CPU and a quotation PDF half a second, which on the event loop's thread would stall every other request
 * meanwhile. The tasks themselves are bom-work.worker.ts's.
 */
export interface BomWork {
  /** readBomFile in a worker; stopped (tooCostly) past `cpuBudgetMs` of the thread's CPU. */
  readFile(owner: string, task: FileReadTask & { cpuBudgetMs: number }): Promise<Spent<FileReadOutcome> | WorkRefusal>;
  quotationPdf(owner: string, task: QuotationPdfTask): Promise<Spent<QuotationPdfOutcome> | WorkRefusal>;
}

export function bomWorkOf(pool: WorkPool): BomWork {
  const worker = workerFileOf(import.meta.url, 'bom-work.worker');
  return {
    readFile: (owner, { fileName, bytes, cpuBudgetMs }) =>
      pool.run<FileReadOutcome, FileReadTask>(owner, { worker, name: 'readFile', input: { fileName, bytes }, cpuBudgetMs }),
    quotationPdf: (owner, task) => pool.run<QuotationPdfOutcome, QuotationPdfTask>(owner, { worker, name: 'quotationPdf', input: task, cpuBudgetMs: null }),
  };
}
