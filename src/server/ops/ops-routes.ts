import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Metrics } from './metrics.ts';
import type { Readiness } from './readiness.ts';

export interface OpsAccess {
  /** With a token, /metrics wants `Authorization: Bearer <token>`; without one, production answers loopback peers only. */
  metricsToken: string | undefined;
  isProduction: boolean;
}

/** /healthz: the process is alive. /readyz: it can serve (load balancers). /metrics: Prometheus, not public. */
export function registerOpsRoutes(app: FastifyInstance, ops: { readiness: Readiness; metrics: Metrics }, access: OpsAccess): void {
  app.get('/healthz', async (_request, reply) => reply.header('Cache-Control', 'no-store').send({ status: 'ok' }));

  app.get('/readyz', async (_request, reply) => {
    const report = await ops.readiness.report();
    return reply
      .status(report.isReady ? 200 : 503)
      .header('Cache-Control', 'no-store')
      .send({ status: report.isReady ? 'ready' : 'not ready', checks: report.checks });
  });

  app.get('/metrics', async (request, reply) => {
    if (!mayReadMetrics(request, access)) return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
    return reply
      .header('Cache-Control', 'no-store')
      .type(ops.metrics.registry.contentType)
      .send(await ops.metrics.registry.metrics());
  });
}

function mayReadMetrics(request: FastifyRequest, access: OpsAccess): boolean {
  if (access.metricsToken) {
    const given = Buffer.from(request.headers.authorization ?? '');
    const expected = Buffer.from(`Bearer ${access.metricsToken}`);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
  if (!access.isProduction) return true;
  // The socket's own peer, never X-Forwarded-For: a request relayed by the public proxy is not local.
  const peer = request.raw.socket.remoteAddress ?? '';
  const isLoopback = peer === '127.0.0.1' || peer === '::1' || peer === '::ffff:127.0.0.1';
  return isLoopback && request.headers['x-forwarded-for'] === undefined;
}
