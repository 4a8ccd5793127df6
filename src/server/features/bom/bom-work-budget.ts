import type { ServiceDeps } from '../../service-deps.ts';

/**
 * Each address's share of the worker threads: BOM_ADDRESS_CPU_MS_PER_MINUTE of their CPU a minute, files and PDFs
 * together, kept in the app's rate counters (shared through Redis when several processes run). A counter counts
 * hits, so the CPU is counted in slices: a task takes one slice to start and pays for the rest when it ends.
 */

export const bomWorkSliceMs = 100;
const windowSeconds = 60;

export function bomWorkKey(address: string): string {
  return `bom-work-cpu:ip:${address}`;
}

function slicesPerWindow(deps: Pick<ServiceDeps, 'config'>): number {
  return Math.max(1, Math.floor(deps.config.bomWork.addressCpuMsPerMinute / bomWorkSliceMs));
}

/** Takes the first slice of a task; false when the address has spent its minute. */
export async function takeBomWorkSlice(deps: Pick<ServiceDeps, 'config' | 'counters'>, address: string): Promise<boolean> {
  const { isAllowed } = await deps.counters.consume(bomWorkKey(address), slicesPerWindow(deps), windowSeconds);
  return isAllowed;
}

/** The rest of what a task cost, after its first slice. */
export async function chargeBomWork(deps: Pick<ServiceDeps, 'config' | 'counters'>, address: string, cpuMs: number): Promise<void> {
  const slices = Math.ceil(cpuMs / bomWorkSliceMs) - 1;
  const limit = slicesPerWindow(deps);
  // Each consume is one atomic increment; they are independent, so they go out together.
  await Promise.all(Array.from({ length: Math.max(0, slices) }, () => deps.counters.consume(bomWorkKey(address), limit, windowSeconds)));
}
