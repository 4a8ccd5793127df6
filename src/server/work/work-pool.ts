import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { Logger } from 'pino';
import { createTaskClock, taskClockSpentMs } from './thread-cpu-clock.ts';

/**
 * The app's worker threads (Piscina): work that would hold the event loop's thread for up to seconds (reading an
 * uploaded BOM workbook, drawing a quotation PDF, reading a supplier's price list) runs here, so every other request
 * is still answered meanwhile. One pool for the app: its threads are the cores the event loop leaves (WORKER_THREADS).
 * Each feature keeps its tasks in a worker module of its own (`*.worker.ts`, found by workerFileOf) and runs them
 * through `run`, within a CPU budget per task and a few tasks per owner at once.
 */

const isFromSource = import.meta.url.endsWith('.ts');

/**
 * A feature's worker module, named beside the module that runs it (pass its import.meta.url). From source (npm run
 * dev, Vitest) it is the .ts file; in the server bundle, where every module's import.meta.url is main.js's, it is
 * the .js that vite.config.ts emits beside main.js. A build without it fails here, at start, not at the first task.
 */
export function workerFileOf(moduleUrl: string, baseName: string): URL {
  const url = new URL(`./${baseName}${isFromSource ? '.ts' : '.js'}`, moduleUrl);
  if (!existsSync(fileURLToPath(url))) throw new Error(`The worker ${baseName} is missing at ${fileURLToPath(url)} (vite.config.ts emits it).`);
  return url;
}

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
 * Tasks one owner (an address, a staff member) may have in the pool at once. A CPU budget is settled as each task
 * ends, so a burst sent all at once would otherwise queue ahead of everyone else before the first was paid for.
 */
const tasksPerOwnerMax = 2;

/** What every task function is given besides its input: its clock, shared with the pool (thread-cpu-clock.ts). */
export interface Timed {
  clock: SharedArrayBuffer;
}

/** A task's answer with the CPU its thread spent on it. */
export type Spent<Outcome> = Outcome & { cpuMs: number };

/** The pool could not take the task, or stopped it: said to the user, never a server error. */
export type WorkRefusal = { kind: 'tooCostly'; cpuMs: number } | { kind: 'busy' | 'ownerBusy'; cpuMs: 0 };

export interface WorkTask<Input extends object> {
  /** The feature's worker module (workerFileOf) and the function of it to run. */
  worker: URL;
  name: string;
  input: Input;
  /** The thread's CPU the task may spend before it is stopped (tooCostly); null: no budget. */
  cpuBudgetMs: number | null;
}

export interface WorkPool {
  run<Outcome, Input extends object = object>(owner: string, task: WorkTask<Input>): Promise<Spent<Outcome> | WorkRefusal>;
  close(): Promise<void>;
}

/** Threads start with the first task, so an app that never runs one (most tests) starts none. */
export function createWorkPool(settings: { threads: number }, logger: Pick<Logger, 'error'>): WorkPool {
  let pool: Piscina | null = null;
  const started = () => (pool ??= newPiscina(settings.threads, logger));
  const tasksByOwner = new Map<string, number>();

  async function runTimed<Outcome>(task: WorkTask<object>): Promise<Spent<Outcome> | WorkRefusal> {
    const clock = createTaskClock();
    const stop = new AbortController();
    const { cpuBudgetMs } = task;
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
      const input: object & Timed = { ...task.input, clock };
      return (await started().run(input, { filename: task.worker.href, name: task.name, signal: stop.signal })) as Spent<Outcome>;
    } catch (error) {
      if (stop.signal.aborted || isOutOfMemory(error)) return { kind: 'tooCostly', cpuMs: Math.max(spentMs, taskClockSpentMs(clock)) };
      if (error instanceof Error && error.message === 'Task queue is at limit') return { kind: 'busy', cpuMs: 0 };
      throw error;
    } finally {
      if (watch) clearInterval(watch);
    }
  }

  return {
    async run<Outcome, Input extends object>(owner: string, task: WorkTask<Input>) {
      const running = tasksByOwner.get(owner) ?? 0;
      if (running >= tasksPerOwnerMax) return { kind: 'ownerBusy', cpuMs: 0 } as const;
      tasksByOwner.set(owner, running + 1);
      try {
        return await runTimed<Outcome>(task);
      } finally {
        const left = (tasksByOwner.get(owner) ?? 1) - 1;
        if (left > 0) tasksByOwner.set(owner, left);
        else tasksByOwner.delete(owner);
      }
    },
    async close() {
      await pool?.destroy();
      pool = null;
    },
  };
}

function newPiscina(threads: number, logger: Pick<Logger, 'error'>): Piscina {
  const pool = new Piscina({
    // No default module: each task names its feature's (WorkTask.worker), which a thread loads once.
    filename: null,
    minThreads: threads,
    maxThreads: threads,
    maxQueue: threads * queuedPerWorker,
    // The event loop's thread keeps its priority over the workers when the machine is busy.
    niceIncrement: 10,
    execArgv: workerExecArgv(),
    resourceLimits: { maxOldGenerationSizeMb: heapMbMax },
  });
  // A thread that fails outside a task (it could not load): said in the log, where an unheard 'error' would end the process.
  pool.on('error', (error: unknown) => logger.error({ err: error }, 'Worker thread failed'));
  return pool;
}

function isOutOfMemory(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'ERR_WORKER_OUT_OF_MEMORY';
}
