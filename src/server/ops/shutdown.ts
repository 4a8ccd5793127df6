import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { InFlightHandlers } from './in-flight.ts';
import type { Readiness } from './readiness.ts';

export interface ShutdownPlan {
  app: FastifyInstance;
  readiness: Readiness;
  /** Handlers of requests whose clients have gone keep running after close(): the pools stay open for them. */
  inFlight: InFlightHandlers;
  logger: Logger;
  /** In-flight requests get this long to finish; then the process closes anyway. */
  timeoutMs: number;
  /** Closed in order after the server, once no request can use them (counters, the pool). */
  closers: readonly (() => Promise<void>)[];
}

/**
 * SIGTERM: report not ready, stop accepting connections, let in-flight requests and the
 * features' background work finish (their onClose hooks: the index keeper, later the job
 * workers), then close the counters and the pool. Resolves to the exit code: 1 when the
 * drain timed out.
 */
export function gracefulShutdown(plan: ShutdownPlan): (signal: string) => Promise<number> {
  let running: Promise<number> | null = null;
  async function shutdown(signal: string): Promise<number> {
    plan.readiness.markDraining();
    plan.logger.info({ signal }, 'shutting down: draining in-flight requests');
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), plan.timeoutMs)));
    // A keep-alive connection whose request finished after close() began would hold the server open: close it once idle.
    const idleSweep = setInterval(() => plan.app.server.closeIdleConnections(), 100);
    const drained = plan.app
      .close()
      .then(() => plan.inFlight.idle())
      .then(() => 'drained' as const);
    const outcome = await Promise.race([drained, timedOut]);
    clearTimeout(timer);
    clearInterval(idleSweep);
    if (outcome === 'timeout') plan.logger.warn({ timeoutMs: plan.timeoutMs }, 'shutdown: requests still running after the timeout; closing anyway');
    for (const close of plan.closers) {
      try {
        await close();
      } catch (error) {
        plan.logger.warn({ err: error }, 'shutdown: a resource failed to close');
      }
    }
    plan.logger.info('shut down');
    return outcome === 'drained' ? 0 : 1;
  }
  return (signal) => (running ??= shutdown(signal));
}
