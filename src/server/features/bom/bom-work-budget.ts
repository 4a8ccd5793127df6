import type { ServiceDeps } from '../../service-deps.ts';
import { chargeWork, takeWorkSlice, workSliceMs, type WorkBudget } from '../../work/work-budget.ts';

/**
 * Each address's share of the worker threads for the BOM tool: BOM_ADDRESS_CPU_MS_PER_MINUTE of their CPU a minute,
 * files and PDFs together (work/work-budget.ts counts it in slices).
 */

export const bomWorkSliceMs = workSliceMs;

export function bomWorkKey(address: string): string {
  return `bom-work-cpu:ip:${address}`;
}

function budgetOf(deps: Pick<ServiceDeps, 'config'>, address: string): WorkBudget {
  return { key: bomWorkKey(address), cpuMsPerMinute: deps.config.bomWork.addressCpuMsPerMinute };
}

/** Takes the first slice of a task; false when the address has spent its minute. */
export function takeBomWorkSlice(deps: Pick<ServiceDeps, 'config' | 'counters'>, address: string): Promise<boolean> {
  return takeWorkSlice(deps.counters, budgetOf(deps, address));
}

/** The rest of what a task cost, after its first slice. */
export function chargeBomWork(deps: Pick<ServiceDeps, 'config' | 'counters'>, address: string, cpuMs: number): Promise<void> {
  return chargeWork(deps.counters, budgetOf(deps, address), cpuMs);
}
