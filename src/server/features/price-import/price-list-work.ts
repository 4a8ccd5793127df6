import type { Logger } from 'pino';
import { requestErrors } from '../../../contract/errors.ts';
import { priceImportErrors } from '../../../contract/price-import.ts';
import { AppError } from '../../http/app-error.ts';
import { workerFileOf, type WorkPool } from '../../work/work-pool.ts';
import type { PriceListOutcome, PriceListTask } from './price-list-work.worker.ts';
import type { ExplicitMapping, PriceListRead } from './price-list-read.ts';

/**
 * Price lists are read in the app's worker threads (work/work-pool.ts), not on the event loop's: a 40 MB workbook of
 * 100,000 rows costs seconds of CPU, which would stall the shop meanwhile. Each read may spend PRICE_LIST_CPU_MS of
 * its thread's CPU; past it the read is stopped and the file refused (priceImport.fileTooComplex).
 */
export interface PriceListReader {
  /** The header, mapping and first rows, for the upload's answer (`rows` and `errors` empty). */
  readHead(owner: string, bytes: Uint8Array): Promise<PriceListRead>;
  /** Every row, with the staff member's mapping when given. */
  read(owner: string, bytes: Uint8Array, explicit?: ExplicitMapping): Promise<PriceListRead>;
}

export function priceListReaderOf(pool: WorkPool, cpuBudgetMs: number, logger: Pick<Logger, 'warn'>): PriceListReader {
  const worker = workerFileOf(import.meta.url, 'price-list-work.worker');
  async function readIn(owner: string, input: PriceListTask): Promise<PriceListRead> {
    const outcome = await pool.run<PriceListOutcome, PriceListTask>(owner, { worker, name: 'readPriceListFile', input, cpuBudgetMs });
    switch (outcome.kind) {
      case 'read':
        return outcome.read;
      case 'refused':
        throw new AppError(outcome.error);
      case 'failed':
        logger.warn({ err: { message: outcome.message }, bytes: input.bytes.length }, 'Price list unreadable');
        throw new AppError(priceImportErrors.fileUnreadable);
      case 'tooCostly':
        logger.warn({ bytes: input.bytes.length, cpuMs: outcome.cpuMs }, 'Price list read stopped at its CPU budget');
        throw new AppError(priceImportErrors.fileTooComplex);
      case 'ownerBusy':
        throw new AppError(requestErrors.tooFrequent);
      case 'busy':
        throw new AppError(requestErrors.busy);
    }
  }
  return {
    readHead: (owner, bytes) => readIn(owner, { bytes, explicit: null, isHeadOnly: true }),
    read: (owner, bytes, explicit) => readIn(owner, { bytes, explicit: explicit ?? null, isHeadOnly: false }),
  };
}
