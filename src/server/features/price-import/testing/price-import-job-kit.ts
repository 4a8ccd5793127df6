import type { Kysely } from 'kysely';
import { staffRoleLabels, type StaffRole } from '../../../../contract/staff.ts';
import type { Database } from '../../../db/database.ts';
import { AppError } from '../../../http/app-error.ts';
import { createTestStaff } from '../../staff/testing/staff-browser.ts';
import type { PriceImportActor } from '../price-import-desk.service.ts';
import type { PriceImportQueue } from '../price-import-queue.ts';
import type { PriceListReader } from '../price-list-work.ts';
import { checkPriceList, queuePriceImport } from '../price-import.service.ts';
import { readPriceList } from '../price-list-read.ts';

/** A queue that wakes no worker: the test runs the jobs itself, step by step. */
export const idleQueue: PriceImportQueue = {
  kind: 'embedded',
  enqueue: () => Promise.resolve(),
  start: () => Promise.resolve(),
  close: () => Promise.resolve(),
};

/**
 * Reads price lists on the test's own thread: the desk's rules without the worker threads, for tests that call the
 * services directly (the desk's calls, through the app, read in the worker threads).
 */
export const inPlacePriceLists: PriceListReader = {
  readHead: (_owner, bytes) => Promise.resolve(readPriceList(bytes)),
  read: (_owner, bytes, explicit) => Promise.resolve(readPriceList(bytes, explicit)),
};

/** A staff member of `role` acting from the console, as the audit log records them. */
export async function deskActorOf(db: Kysely<Database>, role: StaffRole = 'catalog', displayName = '导入员'): Promise<PriceImportActor> {
  const staff = await createTestStaff(db, role, displayName);
  return { staff: { id: staff.id, login: staff.login, displayName, role, roleLabel: staffRoleLabels[role] }, ip: '127.0.0.1' };
}

/** A price list (型号, 品牌 ST, one price from 1 piece) setting each part's price, in 0.0001 yuan. */
export function priceListOf(prices: readonly { code: string; priceE4: number }[]): Uint8Array {
  const lines = prices.map(({ code, priceE4 }) => `${code},ST,${(priceE4 / 10_000).toFixed(4)}`);
  return new TextEncoder().encode(`型号,品牌,1+\n${lines.join('\n')}\n`);
}

/** Checks the list against the catalogue now and queues it as a job. */
export async function queuedPriceJob(db: Kysely<Database>, fileName: string, prices: readonly { code: string; priceE4: number }[]): Promise<number> {
  const check = await checkPriceList(db, readPriceList(priceListOf(prices)));
  if (check.actions.length !== prices.length) throw new Error(`${fileName}: ${JSON.stringify(check.preview.errors)}`);
  return queuePriceImport(db, fileName, check);
}

/** The refusal a call ended with (errorCode and Chinese message), or null when it succeeded. */
export async function refusalOf(call: Promise<unknown>): Promise<{ errorCode: string; msg: string } | null> {
  try {
    await call;
    return null;
  } catch (error) {
    if (error instanceof AppError) return { errorCode: error.errorCode, msg: error.msg };
    throw error;
  }
}
