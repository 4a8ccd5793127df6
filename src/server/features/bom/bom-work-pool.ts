import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import type { FileReadOutcome, FileReadTask, QuotationPdfOutcome, QuotationPdfTask, Spent } from './bom-work.worker.ts';
import { createTaskClock, taskClockSpentMs } from './thread-cpu-clock.ts';

/**
 * The BOM tool's worker threads (Piscina): reading an uploaded workbook costs up to seconds of CPU and a quotation
 * PDF half a second, which on the event loop's thread would stall every other request meanwhile.
 */

/**
 * From source (npm run dev, Vitest) the worker is the .ts file beside this one; in the server bundle it is the
 * bom-work.worker.js that vite.config.ts emits beside main.js.
 */
const isFromSource = import.meta.url.endsWith('.ts');
const workerUrl = new URL(isFromSource ? './bom-work.worker.ts' : './bom-work.worker.js', import.meta.url);

/**
 * From source a worker thread loads TypeScript through tsx's require hook, and only that: Node 20 does not run a
 * worker's --import (how tsx loads itself in `npm run dev`), and Vitest's own loader is not a thread's at all. The
 * build's threads inherit the process's flags, as Node passes them (an explicit list may not hold V8 flags).
 */
function workerExecArgv(): string[] | undefined {
  return isFromSource ? ['--require', createRequire(import.meta.url).resolve('tsx/cjs')] : undefined;
}

/** Tasks waiting per thread before a new one is refused as busy (a visitor's wait stays bounded). */
const queuedPerWorker = 16;
/** How often a running task's CPU is read against its budget. */
const budgetCheckMs = 50;
/** A thread that parses past this heap is ended like one past its CPU budget. */
const heapMbMax = 1024;
/**
 * Tasks one owner (an address) may have in the pool at once. Its CPU budget is settled as each task ends, so a
 * burst sent all at once would otherwise queue ahead of everyone else before the first was paid for.
 */
const tasksPerOwnerMax = 2;

/** The pool could not take the task, or stopped it: said to the visitor, never a server error. */
export type WorkRefusal = { kind: 'tooCostly'; cpuMs: number } | { kind: 'busy' | 'ownerBusy'; cpuMs: 0 };

export interface BomWorkPool {
  /** readBomFile in a worker; stopped (tooCostly) past `cpuBudgetMs` of the thread's CPU. */
  readFile(owner: string, task: { fileName: string; bytes: Uint8Array; cpuBudgetMs: number }): Promise<Spent<FileReadOutcome> | WorkRefusal>;
  quotationPdf(owner: string, task: Omit<QuotationPdfTask, 'clock'>): Promise<Spent<QuotationPdfOutcome> | WorkRefusal>;
  close(): Promise<void>;
}

/** Threads start with the first task, so an app that never reads a file (most tests) starts none. */
export function createBomWorkPool(settings: Pick<Config['bomWork'], 'workers'>, logger: Pick<Logger, 'error'>): BomWorkPool {
  // A build without the worker's file would fail every upload: it fails at start instead.
  if (!existsSync(fileURLToPath(workerUrl))) throw new Error(`The BOM worker is missing at ${fileURLToPath(workerUrl)} (vite.config.ts emits it).`);
  let pool: Piscina | null = null;
  const started = () => (pool ??= newPiscina(settings.workers, logger));

  const tasksByOwner = new Map<string, number>();

  async function runFor<Outcome>(owner: string, name: string, task: object, cpuBudgetMs: number | null): Promise<Spent<Outcome> | WorkRefusal> {
    const running = tasksByOwner.get(owner) ?? 0;
    if (running >= tasksPerOwnerMax) return { kind: 'ownerBusy', cpuMs: 0 };
    tasksByOwner.set(owner, running + 1);
    try {
      return await run<Outcome>(name, task, cpuBudgetMs);
    } finally {
      const left = (tasksByOwner.get(owner) ?? 1) - 1;
      if (left > 0) tasksByOwner.set(owner, left);
      else tasksByOwner.delete(owner);
    }
  }

  async function run<Outcome>(name: string, task: object, cpuBudgetMs: number | null): Promise<Spent<Outcome> | WorkRefusal> {
    const clock = createTaskClock();
    const stop = new AbortController();
    let spentMs = 0;
    const watch =
      cpuBudgetMs === null
        ? null
        : setInterval(() => {
            spentMs = Math.max(spentMs, taskClockSpentMs(clock));
            // Aborting a running task ends its thread (the only way to stop synchronous code); Piscina starts another.
            if (spentMs > cpuBudgetMs) stop.abort();
          }, budgetCheckMs);
    try {
      return (await started().run({ ...task, clock }, { name, signal: stop.signal })) as Spent<Outcome>;
    } catch (error) {
      if (stop.signal.aborted || isOutOfMemory(error)) return { kind: 'tooCostly', cpuMs: Math.max(spentMs, taskClockSpentMs(clock)) };
      if (error instanceof Error && error.message === 'Task queue is at limit') return { kind: 'busy', cpuMs: 0 };
      throw error;
    } finally {
      if (watch) clearInterval(watch);
    }
  }

  return {
    readFile: (owner, { fileName, bytes, cpuBudgetMs }) =>
      runFor<FileReadOutcome>(owner, 'readFile', { fileName, bytes } satisfies Omit<FileReadTask, 'clock'>, cpuBudgetMs),
    quotationPdf: (owner, task) => runFor<QuotationPdfOutcome>(owner, 'quotationPdf', task, null),
    async close() {
      await pool?.destroy();
      pool = null;
    },
  };
}

function newPiscina(workers: number, logger: Pick<Logger, 'error'>): Piscina {
  const pool = new Piscina({
    filename: workerUrl.href,
    // The export a new thread loads before its first task (the module has no default export).
    name: 'readFile',
    minThreads: workers,
    maxThreads: workers,
    maxQueue: workers * queuedPerWorker,
    // The event loop's thread keeps its priority over the workers when the machine is busy.
    niceIncrement: 10,
    execArgv: workerExecArgv(),
    resourceLimits: { maxOldGenerationSizeMb: heapMbMax },
  });
  // A thread that fails outside a task (it could not load): said in the log, where an unheard 'error' would end the process.
  pool.on('error', (error: unknown) => logger.error({ err: error }, 'BOM worker thread failed'));
  return pool;
}

function isOutOfMemory(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'ERR_WORKER_OUT_OF_MEMORY';
}
