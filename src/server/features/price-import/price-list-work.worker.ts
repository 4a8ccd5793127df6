import { taskFailureOf, type TaskFailure } from '../../work/task-failure.ts';
import { startTaskClock } from '../../work/thread-cpu-clock.ts';
import type { Spent, Timed } from '../../work/work-pool.ts';
import { readPriceList, type ExplicitMapping, type PriceListRead } from './price-list-read.ts';

/** What the price import runs in the app's worker threads (price-list-work.ts sends it): reading a supplier's price list. */

export interface PriceListTask {
  bytes: Uint8Array;
  explicit: ExplicitMapping | null;
  /** The upload shows the header, mapping and first rows only: the rows stay behind, uncopied. */
  isHeadOnly: boolean;
}

export type PriceListOutcome = { kind: 'read'; read: PriceListRead } | TaskFailure;

export function readPriceListFile(task: PriceListTask & Timed): Spent<PriceListOutcome> {
  const spentMs = startTaskClock(task.clock);
  try {
    const read = readPriceList(task.bytes, task.explicit ?? undefined);
    return { kind: 'read', read: task.isHeadOnly ? { ...read, rows: [], errors: [] } : read, cpuMs: spentMs() };
  } catch (error) {
    return { ...taskFailureOf(error), cpuMs: spentMs() };
  }
}
