import type { FastifyInstance } from 'fastify';

/**
 * Development and e2e only (config.isCacheTickHookEnabled): POST /dev/caches/tick makes this process's caches
 * read the change signals now instead of within their check interval, and answers once they have. A journey
 * that changed the catalogue or the site calls it, then sees its change as a visitor: no waiting out the tick.
 * Like the tick itself it reads what the database says; it neither writes nor shows anything.
 */
export function registerCacheTickHook(app: FastifyInstance, catchUps: readonly (() => Promise<void>)[]): void {
  app.post('/dev/caches/tick', async (_request, reply) => {
    for (const catchUp of catchUps) await catchUp();
    return reply.header('Cache-Control', 'no-store').send({ ok: true });
  });
}
