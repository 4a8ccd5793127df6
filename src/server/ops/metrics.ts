import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/create-db.ts';
import { databaseFailureOf } from '../db/database-errors.ts';
import { AppError } from '../http/app-error.ts';
import type { CounterStore } from '../http/counter-store.ts';

/**
 * One Prometheus registry per app (tests build many apps in one process). Features add
 * their own metrics to `registry` (the search index registers its lag and build time).
 */
export interface Metrics {
  registry: Registry;
  smsSent: Counter<'provider'>;
}

export function createMetrics(options: { withProcessMetrics: boolean }): Metrics {
  const registry = new Registry();
  if (options.withProcessMetrics) collectDefaultMetrics({ register: registry });
  const smsSent = new Counter({ name: 'sms_sent_total', help: 'SMS messages handed to the provider', labelNames: ['provider'], registers: [registry] });
  return { registry, smsSent };
}

/** Request rate, latency by route, errors that are the store's fault, the pool and the counter store. */
export function instrumentApp(app: FastifyInstance, metrics: Metrics, sources: { db: Db; counters: CounterStore }): void {
  const registers = [metrics.registry];
  const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered', labelNames: ['method', 'route', 'status_code'], registers });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer, by route',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers,
  });
  const errors = new Counter({
    name: 'app_errors_total',
    help: 'Failures that are not the client’s: database outages, unhandled errors',
    labelNames: ['kind'],
    registers,
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections by state (absent on SQLite)',
    labelNames: ['state'],
    registers,
    collect() {
      const stats = sources.db.poolStats?.();
      if (!stats) return;
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  new Gauge({
    name: 'rate_limit_counters_fallback',
    help: '1 while Redis is unreachable and rate-limit counters use the database',
    registers,
    collect() {
      this.set(sources.counters.status().isFallingBack ? 1 : 0);
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? '(unmatched)';
    requests.inc({ method: request.method, route, status_code: reply.statusCode });
    duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });
  app.addHook('onError', async (_request, _reply, error) => {
    if (error instanceof AppError || (error.statusCode !== undefined && error.statusCode < 500)) return;
    errors.inc({ kind: databaseFailureOf(error) ?? 'internal' });
  });
}
