import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { databaseFailureOf } from '../../db/database-errors.ts';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../ops/clock.ts';
import { PeriodicWork } from '../../ops/periodic-work.ts';
import { createPriceImportRunner, runnablePriceImportJobIds, runPriceImportJob } from './price-import.service.ts';

/**
 * Where applied price lists are worked. The job table is the truth either way (status, cursor, progress);
 * the queue only wakes a worker. Embedded (SQLite, or no Redis): this process drains the table. On PostgreSQL
 * with Redis: BullMQ, a queue and a worker in every process, so any process may take a job and a job whose
 * process died is picked up by another (BullMQ's stalled-job check, and a sweep of the table that queues again
 * any job left queued, running or rolling back).
 */
export interface PriceImportQueue {
  readonly kind: 'embedded' | 'bullmq';
  /** Wakes a worker for this job (already written to the table); a queued job starts once no other job runs or rolls back. */
  enqueue(jobId: number): Promise<void>;
  /** Starts working: resumes the jobs a stopped process left. */
  start(): Promise<void>;
  /** Stops after the current batch (the job stays at its cursor for the next worker) and waits for it. */
  close(): Promise<void>;
}

interface QueueLogger {
  error(payload: object, message: string): void;
  warn(payload: object, message: string): void;
}

const connectionErrorCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);

function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as NodeJS.ErrnoException).code;
  return (code !== undefined && connectionErrorCodes.has(code)) || /Connection is closed/i.test(error.message);
}

/**
 * Redis or the database going away is a state the store runs through (its counters fall back to the
 * database, the job table keeps every job, /readyz reports a database outage): a warning a minute while
 * it lasts, not an error per retry. Anything else is an error.
 */
export function createTroubleReporter(logger: QueueLogger, now: () => number = Date.now): (error: unknown, what: string) => void {
  const lastWarnedAt = new Map<string, number>();
  return (error, what) => {
    const gone = isConnectionError(error) ? 'Redis' : databaseFailureOf(error) === 'unavailable' ? 'the database' : null;
    if (!gone) {
      logger.error({ err: error }, what);
      return;
    }
    if (now() - (lastWarnedAt.get(gone) ?? -Infinity) < 60_000) return;
    lastWarnedAt.set(gone, now());
    logger.warn({ err: error }, `${what}: ${gone} unreachable, retrying`);
  };
}

export function createEmbeddedPriceImportQueue(db: Kysely<Database>, logger: QueueLogger): PriceImportQueue {
  const runner = createPriceImportRunner(db, (error) => logger.error({ err: error }, 'price import runner stopped'));
  return {
    kind: 'embedded',
    enqueue: async () => runner.kick(),
    start: async () => runner.kick(),
    close: () => runner.close(),
  };
}

export interface BullmqPriceImportOptions {
  redisUrl: string;
  /** Keeps stores sharing one Redis apart (the database's name). */
  prefix: string;
  /** How often the table is swept for jobs no queue entry stands for. */
  sweepMs?: number;
  /** How long a worker holds a job without renewing before another may take it (BullMQ's lock). */
  lockMs?: number;
  /** The sweep's clock (AppDeps.clock). */
  clock?: Clock;
}

const queueName = 'price-import';

export function createBullmqPriceImportQueue(db: Kysely<Database>, logger: QueueLogger, options: BullmqPriceImportOptions): PriceImportQueue {
  // BullMQ's blocking commands need a connection that retries for ever (maxRetriesPerRequest: null).
  const connection = () => new Redis(options.redisUrl, { maxRetriesPerRequest: null });
  const queueConnection = connection();
  const workerConnection = connection();
  const reportTrouble = createTroubleReporter(logger);
  const queue = new Queue<{ jobId: number }>(queueName, { connection: queueConnection, prefix: options.prefix });
  // Without a listener, BullMQ writes each failed reconnect to console.error, beside pino (the worker's is set at start).
  queue.on('error', (error) => reportTrouble(error, 'price import queue'));
  let worker: Worker<{ jobId: number }> | null = null;
  let isClosing = false;
  const enqueue = async (jobId: number) => {
    // One queue entry per job at a time: adding the id of an entry waiting or active is a no-op.
    await queue.add('work', { jobId }, { jobId: `job-${jobId}`, removeOnComplete: true, removeOnFail: true });
  };
  const sweep = async () => {
    for (const jobId of await runnablePriceImportJobIds(db)) await enqueue(jobId);
  };
  // Background work like the app's other timers: one pass at start, then every sweepMs; close waits for a pass under way.
  const sweeps = new PeriodicWork({
    name: 'price import sweep',
    intervalMs: options.sweepMs ?? 15_000,
    idle: undefined,
    pass: sweep,
    onFailure: (error) => reportTrouble(error, 'price import sweep'),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  return {
    kind: 'bullmq',
    enqueue,
    async start() {
      worker = new Worker<{ jobId: number }>(
        queueName,
        async (job) => {
          await runPriceImportJob(db, job.data.jobId, { shouldStop: () => isClosing });
          // The one place may be free now: the jobs waiting for it are woken, not left to the next sweep.
          if (!isClosing) await sweep();
        },
        {
          connection: workerConnection,
          prefix: options.prefix,
          concurrency: 1,
          lockDuration: options.lockMs ?? 30_000,
          stalledInterval: options.lockMs ?? 30_000,
          maxStalledCount: 100,
        },
      );
      worker.on('error', (error) => reportTrouble(error, 'price import worker'));
      sweeps.start();
      // The jobs a stopped process left are queued again before start resolves.
      await sweeps.run();
    },
    async close() {
      isClosing = true;
      // With Redis away, waiting for the worker's current job (or a quit) would never end: close by force, drop the connections.
      const isRedisAway = [queueConnection, workerConnection].some((client) => client.status !== 'ready');
      await sweeps.close();
      await worker?.close(isRedisAway);
      await queue.close();
      const connections = [queueConnection, workerConnection];
      if (isRedisAway) for (const client of connections) client.disconnect();
      else await Promise.all(connections.map((client) => client.quit().catch(() => undefined)));
    },
  };
}
