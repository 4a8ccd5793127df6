import { workerFileOf, type Spent, type WorkPool, type WorkRefusal } from '../../work/work-pool.ts';
import type { StatementOutcome, StatementTask } from './statement.worker.ts';

/** A 对账单's PDF is drawn in the app's worker threads, as the order documents are (the CJK font's subset costs CPU the event loop must not spend). */
export type StatementWork = (owner: string, task: StatementTask) => Promise<Spent<StatementOutcome> | WorkRefusal>;

export function statementWorkOf(pool: WorkPool): StatementWork {
  const worker = workerFileOf(import.meta.url, 'statement.worker');
  return (owner, task) => pool.run<StatementOutcome, StatementTask>(owner, { worker, name: 'statementDocument', input: task, cpuBudgetMs: null });
}
