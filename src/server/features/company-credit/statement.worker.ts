import type { Config } from '../../config.ts';
import { PdfFontMissingError } from '../../pdf/pdf-document.ts';
import { startTaskClock } from '../../work/thread-cpu-clock.ts';
import type { Spent, Timed } from '../../work/work-pool.ts';
import { statementPdf, type StatementPdfInput } from './statement-pdf.ts';

/** What 月结 runs in the app's worker threads (statement-work.ts sends it): a 对账单 as a PDF. */

export interface StatementTask {
  font: Config['pdfFont'];
  input: StatementPdfInput;
}

export type StatementOutcome = { kind: 'pdf'; bytes: Uint8Array } | { kind: 'fontMissing'; message: string };

export async function statementDocument(task: StatementTask & Timed): Promise<Spent<StatementOutcome>> {
  const spentMs = startTaskClock(task.clock);
  try {
    const pdf = await statementPdf(task.font, task.input);
    return { kind: 'pdf', bytes: pdf, cpuMs: spentMs() };
  } catch (error) {
    if (!(error instanceof PdfFontMissingError)) throw error;
    return { kind: 'fontMissing', message: error.message, cpuMs: spentMs() };
  }
}
