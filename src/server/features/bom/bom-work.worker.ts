import { move, transferableSymbol, valueSymbol } from 'piscina';
import type { BomSheet, SavedBom } from '../../../contract/bom.ts';
import type { Config } from '../../config.ts';
import { taskFailureOf, type TaskFailure } from '../../work/task-failure.ts';
import { startTaskClock } from '../../work/thread-cpu-clock.ts';
import type { Spent, Timed } from '../../work/work-pool.ts';
import type { PricedBom } from './bom-pricing.ts';
import { PdfFontMissingError } from '../../pdf/pdf-document.ts';
import { bomQuotationPdf, type QuotationParty } from './bom-quotation-pdf.ts';
import { readBomFile } from './parse/read-bom-file.ts';

/** What the BOM tool runs in the app's worker threads (bom-work.ts sends them): read an uploaded file, draw a quotation PDF. */

export interface FileReadTask {
  fileName: string;
  bytes: Uint8Array;
}

/**
 * A sheet's rows come back as JSON: the event loop then never walks (nor clones) thousands of long cells. A reader's
 * own refusal (too many lines, not a spreadsheet …) or choking on the file is a TaskFailure.
 */
export type FileReadOutcome = { kind: 'sheet'; sheet: Omit<BomSheet, 'rows'>; rowsJson: Uint8Array } | TaskFailure;

export interface QuotationPdfTask {
  font: Config['pdfFont'];
  saved: SavedBom;
  priced: PricedBom;
  party: QuotationParty;
  now: number;
}

export type QuotationPdfOutcome = { kind: 'pdf'; bytes: Uint8Array } | { kind: 'fontMissing'; message: string };

export function readFile(task: FileReadTask & Timed): Spent<FileReadOutcome> {
  const spentMs = startTaskClock(task.clock);
  try {
    const { rows, ...sheet } = readBomFile(task.fileName, task.bytes);
    // TextEncoder's array has its own buffer, which can be handed over instead of copied.
    const rowsJson = new TextEncoder().encode(JSON.stringify(rows));
    const outcome: Spent<FileReadOutcome> = { kind: 'sheet', sheet, rowsJson, cpuMs: spentMs() };
    // move() marks the answer for Piscina to transfer the buffer with it; the pool receives the outcome itself.
    return move({ [transferableSymbol]: rowsJson.buffer, [valueSymbol]: outcome }) as unknown as Spent<FileReadOutcome>;
  } catch (error) {
    return { ...taskFailureOf(error), cpuMs: spentMs() };
  }
}

export async function quotationPdf(task: QuotationPdfTask & Timed): Promise<Spent<QuotationPdfOutcome>> {
  const spentMs = startTaskClock(task.clock);
  try {
    const pdf = await bomQuotationPdf(task.font, task.saved, task.priced, task.party, task.now);
    return { kind: 'pdf', bytes: pdf, cpuMs: spentMs() };
  } catch (error) {
    if (!(error instanceof PdfFontMissingError)) throw error;
    return { kind: 'fontMissing', message: error.message, cpuMs: spentMs() };
  }
}
