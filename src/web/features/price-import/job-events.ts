import { ActorKind, allowedEvents, type Actor } from '../../../contract/lifecycle.ts';
import { priceImportJobLifecycle, type PriceImportJobEvent, type PriceImportJobFacts } from '../../../contract/price-import-lifecycle.ts';
import type { PriceImportJobRow } from '../../../contract/price-import.ts';
import { useStaffCan } from '../staff/staff-can.tsx';

/**
 * What the page knows of a job's facts: its own state and retention. Whether another job is under way is left
 * unknown (it changes every second): the server decides it at the click, under the queue's lock, and answers
 * 另一个导入或回滚任务正在进行 in Chinese.
 */
export function pageFactsOf(job: Pick<PriceImportJobRow, 'status' | 'hasUndo'>): PriceImportJobFacts {
  return { state: job.status, hasUndo: job.hasUndo };
}

/** The signed-in staff member as the lifecycle's actor: their role's ability, as the server checks it. */
export function useStaffActor(): Actor {
  const can = useStaffCan();
  return { kind: ActorKind.staff, can: (action, subject) => can({ action, subject }) };
}

/** The events the staff member may fire on this job now (its buttons), from the declared lifecycle. */
export function useJobEvents(job: Pick<PriceImportJobRow, 'status' | 'hasUndo'>): PriceImportJobEvent[] {
  return allowedEvents(priceImportJobLifecycle, pageFactsOf(job), useStaffActor());
}
