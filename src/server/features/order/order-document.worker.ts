import type { Config } from '../../config.ts';
import { PdfFontMissingError } from '../../pdf/pdf-document.ts';
import { startTaskClock } from '../../work/thread-cpu-clock.ts';
import type { Spent, Timed } from '../../work/work-pool.ts';
import { orderDocumentPdf, type OrderDocumentInput } from './order-document-pdf.ts';

/** What the order feature runs in the app's worker threads (order-document-work.ts sends it): an order's document as a PDF. */

export interface OrderDocumentTask {
  font: Config['pdfFont'];
  input: OrderDocumentInput;
}

export type OrderDocumentOutcome = { kind: 'pdf'; bytes: Uint8Array } | { kind: 'fontMissing'; message: string };

export async function orderDocument(task: OrderDocumentTask & Timed): Promise<Spent<OrderDocumentOutcome>> {
  const spentMs = startTaskClock(task.clock);
  try {
    const pdf = await orderDocumentPdf(task.font, task.input);
    return { kind: 'pdf', bytes: pdf, cpuMs: spentMs() };
  } catch (error) {
    if (!(error instanceof PdfFontMissingError)) throw error;
    return { kind: 'fontMissing', message: error.message, cpuMs: spentMs() };
  }
}
