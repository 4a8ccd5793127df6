import type { Logger } from 'pino';
import { logBackgroundFailure } from '../db/database-errors.ts';
import { systemClock, type Clock } from './clock.ts';

interface PeriodicWorkCommon<Result> {
  /** Names the work in the log ("order sweep failed"). */
  name: string;
  intervalMs: number;
  /** What a pass that did not run (closed, failed) answers. */
  idle: Result;
  pass: (now: number) => Promise<Result>;
  /** The time a pass is given and lastRunAt records (AppDeps.clock); the system's by default. */
  clock?: Clock;
}

/** A failed pass goes to the log (a warning while the database is away, else an error), or to the work's own reporter. */
export type PeriodicWorkOptions<Result> = PeriodicWorkCommon<Result> &
  ({ logger: Logger; onFailure?: never } | { onFailure: (error: unknown) => void; logger?: never });

/**
 * Timed work of one process, from listen to close: a pass every interval and one at start. The database
 * is the record (each pass claims its rows in one statement), so a process that dies loses nothing and
 * passes of several processes never act twice; the timer only wakes a process up to claim. Every timer of
 * the app's background work is one of these, so shutdown waits for each pass under way and each keeps its lastRunAt.
 */
export class PeriodicWork<Result> {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<Result> | null = null;
  private isClosed = false;
  private readonly clock: Clock;
  lastRunAt: number | null = null;

  constructor(private readonly options: PeriodicWorkOptions<Result>) {
    this.clock = options.clock ?? systemClock;
  }

  start(): void {
    this.timer = setInterval(() => void this.run(), this.options.intervalMs);
    this.timer.unref();
    void this.run();
  }

  /** One pass now (also what the timer runs); concurrent calls share the pass under way. */
  run(now = this.clock.now()): Promise<Result> {
    if (this.isClosed) return Promise.resolve(this.options.idle);
    this.running ??= this.guardedPass(now).finally(() => (this.running = null));
    return this.running;
  }

  private async guardedPass(now: number): Promise<Result> {
    try {
      const result = await this.options.pass(now);
      this.lastRunAt = now;
      return result;
    } catch (error) {
      if (this.isClosed) return this.options.idle;
      if (this.options.onFailure) this.options.onFailure(error);
      else logBackgroundFailure(this.options.logger, error, `${this.options.name} failed`);
      return this.options.idle;
    }
  }

  /** Stops the timer and waits for the pass under way (shutdown's onClose). */
  async close(): Promise<void> {
    this.isClosed = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
