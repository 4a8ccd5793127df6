import { workerFileOf, type Spent, type WorkPool, type WorkRefusal } from '../../work/work-pool.ts';
import type { OrderDocumentOutcome, OrderDocumentTask } from './order-document.worker.ts';

/**
 * An order's documents are drawn in the app's worker threads (work/work-pool.ts), as the BOM's quotation is:
 * embedding the CJK font's subset costs a few hundred milliseconds of CPU, which on the event loop's thread would
 * hold every other request meanwhile. The task itself is order-document.worker.ts's.
 */
export type OrderDocumentWork = (owner: string, task: OrderDocumentTask) => Promise<Spent<OrderDocumentOutcome> | WorkRefusal>;

export function orderDocumentWorkOf(pool: WorkPool): OrderDocumentWork {
  const worker = workerFileOf(import.meta.url, 'order-document.worker');
  return (owner, task) => pool.run<OrderDocumentOutcome, OrderDocumentTask>(owner, { worker, name: 'orderDocument', input: task, cpuBudgetMs: null });
}
