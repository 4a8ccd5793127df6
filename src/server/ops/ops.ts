import { sql } from 'kysely';
import type { Db } from '../db/create-db.ts';
import { pendingMigrations } from '../db/migrate.ts';
import type { CounterStore } from '../http/counter-store.ts';
import { createMetrics, type Metrics } from './metrics.ts';
import { Readiness } from './readiness.ts';
import { InFlightHandlers } from './in-flight.ts';

/** What features get to report their health and measures: FeatureDeps.ops. */
export interface Ops {
  readiness: Readiness;
  metrics: Metrics;
  inFlight: InFlightHandlers;
}

export function createOps(sources: { db: Db; counters: CounterStore }, options: { withProcessMetrics: boolean }): Ops {
  const readiness = new Readiness();
  readiness.register('database', async () => {
    await sql`select 1`.execute(sources.db.kysely);
    return { ok: true, detail: sources.db.engine };
  });
  let areMigrationsApplied = false;
  readiness.register('migrations', async () => {
    if (areMigrationsApplied) return { ok: true };
    const pending = await pendingMigrations(sources.db);
    areMigrationsApplied = pending.length === 0;
    return areMigrationsApplied ? { ok: true } : { ok: false, detail: `pending: ${pending.join(', ')}` };
  });
  readiness.register('rateLimitCounters', () => {
    const status = sources.counters.status();
    // Falling back is degraded, not unready: the limits hold in the database, and taking every process out would be an outage.
    return { ok: true, detail: status.isFallingBack ? 'redis unreachable, using database' : status.backend };
  });
  return { readiness, metrics: createMetrics(options), inFlight: new InFlightHandlers() };
}
