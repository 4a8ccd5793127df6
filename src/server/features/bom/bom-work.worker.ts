import { move, transferableSymbol, valueSymbol } from 'piscina';
import type { BomSheet, SavedBom } from '../../../contract/bom.ts';
import type { ErrorDefinition } from '../../../contract/errors.ts';
import type { Config } from '../../config.ts';
import { AppError } from '../../http/app-error.ts';
import type { PricedBom } from './bom-pricing.ts';
import { bomQuotationPdf, PdfFontMissingError, type QuotationParty } from './bom-quotation-pdf.ts';
import { readBomFile } from './parse/read-bom-file.ts';
import { startTaskClock } from './thread-cpu-clock.ts';

/**
 * What the BOM tool's worker threads do (bom-work-pool.ts runs them): read an uploaded file, draw a quotation PDF.
 * Answers are plain data, since an error's class does not survive the trip between threads.
 */

interface Timed {
  /** Shared with the pool, which stops the task when its budget is spent (thread-cpu-clock.ts). */
  clock: SharedArrayBuffer;
}

export interface FileReadTask extends Timed {
  fileName: string;
  bytes: Uint8Array;
}

/** A sheet's rows come back as JSON: the event loop then never walks (nor clones) thousands of long cells. */
export type FileReadOutcome =
  | { kind: 'sheet'; sheet: Omit<BomSheet, 'rows'>; rowsJson: Uint8Array }
  /** The reader's own refusal (too many lines, not a spreadsheet …). */
  | { kind: 'refused'; error: ErrorDefinition }
  /** The reader choked: the file is unreadable to the buyer. */
  | { kind: 'failed'; message: string };

export interface QuotationPdfTask extends Timed {
  font: Config['pdfFont'];
  saved: SavedBom;
  priced: PricedBom;
  party: QuotationParty;
  now: number;
}

export type QuotationPdfOutcome = { kind: 'pdf'; bytes: Uint8Array } | { kind: 'fontMissing'; message: string };

export type Spent<Outcome> = Outcome & { cpuMs: number };

export function readFile(task: FileReadTask): Spent<FileReadOutcome> {
  const spentMs = startTaskClock(task.clock);
  try {
    const { rows, ...sheet } = readBomFile(task.fileName, task.bytes);
    // TextEncoder's array has its own buffer, which can be handed over instead of copied.
    const rowsJson = new TextEncoder().encode(JSON.stringify(rows));
    const outcome: Spent<FileReadOutcome> = { kind: 'sheet', sheet, rowsJson, cpuMs: spentMs() };
    // move() marks the answer for Piscina to transfer the buffer with it; the pool receives the outcome itself.
    return move({ [transferableSymbol]: rowsJson.buffer, [valueSymbol]: outcome }) as unknown as Spent<FileReadOutcome>;
  } catch (error) {
    if (error instanceof AppError) {
      return { kind: 'refused', error: { code: error.code, errorCode: error.errorCode, msg: error.msg }, cpuMs: spentMs() };
    }
    return { kind: 'failed', message: error instanceof Error ? error.message : String(error), cpuMs: spentMs() };
  }
}

export async function quotationPdf(task: QuotationPdfTask): Promise<Spent<QuotationPdfOutcome>> {
  const spentMs = startTaskClock(task.clock);
  try {
    const pdf = await bomQuotationPdf(task.font, task.saved, task.priced, task.party, task.now);
    return { kind: 'pdf', bytes: pdf, cpuMs: spentMs() };
  } catch (error) {
    if (!(error instanceof PdfFontMissingError)) throw error;
    return { kind: 'fontMissing', message: error.message, cpuMs: spentMs() };
  }
}
