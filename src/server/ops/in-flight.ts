import type { FastifyInstance, RouteHandlerMethod } from 'fastify';

/**
 * Route handlers (and hooks that answer on their own, `during`) still running. A request whose client has gone no longer holds a connection,
 * so the server's close() does not wait for it; shutdown waits for this count before closing
 * the pools the handler is still using.
 */
export class InFlightHandlers {
  private running = 0;
  private waiters: (() => void)[] = [];

  /** Wraps every route registered on `app` from now on. */
  track(app: FastifyInstance): void {
    const enter = () => this.enter();
    const leave = () => this.leave();
    app.addHook('onRoute', (route) => {
      const handler = route.handler as RouteHandlerMethod;
      // Not an async wrapper: a synchronous handler that answers later (@fastify/static) must
      // still return undefined synchronously, or Fastify sends an empty reply at once.
      const tracked: RouteHandlerMethod = function (this: FastifyInstance, request, reply) {
        enter();
        let hasLeft = false;
        const leaveOnce = () => {
          if (hasLeft) return;
          hasLeft = true;
          leave();
        };
        let answer: unknown;
        try {
          answer = handler.call(this, request, reply);
        } catch (error) {
          leaveOnce();
          throw error;
        }
        if (isThenable(answer)) return Promise.resolve(answer).finally(leaveOnce);
        if (reply.raw.writableFinished) leaveOnce();
        else reply.raw.once('close', leaveOnce);
        return answer;
      };
      route.handler = tracked;
    });
  }

  /**
   * Counts `work` as a running handler until it settles: for a hook that answers a request itself,
   * before any route handler runs (the page cache's early answer reads the sessions table).
   */
  async during<T>(work: () => Promise<T>): Promise<T> {
    this.enter();
    try {
      return await work();
    } finally {
      this.leave();
    }
  }

  private enter(): void {
    this.running += 1;
  }

  private leave(): void {
    this.running -= 1;
    if (this.running === 0) this.wake();
  }

  get count(): number {
    return this.running;
  }

  /** Resolves once no handler runs. */
  idle(): Promise<void> {
    if (this.running === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private wake(): void {
    for (const resolve of this.waiters.splice(0)) resolve();
  }
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}
