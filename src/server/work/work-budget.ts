import type { CounterStore } from '../http/counter-store.ts';

/**
 * An owner's share of the worker threads (an address's, usually): so many ms of their CPU a minute, kept in the
 * app's rate counters (shared through Redis when several processes run). A counter counts hits, so the CPU is
 * counted in slices: a task takes one slice to start and pays for the rest when it ends. Each feature names its
 * own key and budget (the BOM tool's files and PDFs, an order's documents).
 */

export const workSliceMs = 100;
const windowSeconds = 60;

export interface WorkBudget {
  /** The counter's key, e.g. `bom-work-cpu:ip:203.0.113.7`. */
  key: string;
  cpuMsPerMinute: number;
}

function slicesPerWindow(budget: WorkBudget): number {
  return Math.max(1, Math.floor(budget.cpuMsPerMinute / workSliceMs));
}

/** Takes the first slice of a task; false when the owner has spent its minute. */
export async function takeWorkSlice(counters: CounterStore, budget: WorkBudget): Promise<boolean> {
  const { isAllowed } = await counters.consume(budget.key, slicesPerWindow(budget), windowSeconds);
  return isAllowed;
}

/** The rest of what a task cost, after its first slice. */
export async function chargeWork(counters: CounterStore, budget: WorkBudget, cpuMs: number): Promise<void> {
  const slices = Math.ceil(cpuMs / workSliceMs) - 1;
  const limit = slicesPerWindow(budget);
  // Each consume is one atomic increment; they are independent, so they go out together.
  await Promise.all(Array.from({ length: Math.max(0, slices) }, () => counters.consume(budget.key, limit, windowSeconds)));
}
