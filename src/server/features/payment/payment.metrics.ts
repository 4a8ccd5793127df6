import type { Kysely } from 'kysely';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Database } from '../../db/database.ts';
import { countOwedRefunds } from './payment-refund.repository.ts';

/**
 * Late payments (money that arrived for an order that could not take it) are counted as their
 * refunds are queued and end, by whichever process did it; owed refunds (binding ones that failed
 * and wait to be tried again) are read from the database at scrape time.
 */
export interface PaymentMetrics {
  /** status: requested (queued), succeeded, failed. */
  lateRefunds: Counter<'method' | 'status'>;
}

const lateRefundsName = 'payment_late_refunds_total';

/** The registry's payment metrics, registered by the first to ask (the payment feature, or a staff tool given the app's ops). */
export function paymentMetricsOf(registry: Registry): PaymentMetrics {
  const existing = registry.getSingleMetric(lateRefundsName);
  const lateRefunds =
    existing instanceof Counter
      ? (existing as Counter<'method' | 'status'>)
      : new Counter({
          name: lateRefundsName,
          help: 'Late payments refunded through their provider: queued (requested), then succeeded or failed (a failure is retried)',
          labelNames: ['method', 'status'],
          registers: [registry],
        });
  return { lateRefunds };
}

/** The reconciliation's queue and last run: owed refunds that keep growing while the last run stands still mean no process reconciles. */
export function registerReconcilerMetrics(registry: Registry, db: Kysely<Database>, reconciler: { readonly lastRunAt: number | null }): void {
  const registers = [registry];
  new Gauge({
    name: 'payment_refunds_owed',
    help: 'Binding refunds that failed and wait to be tried again, by method',
    labelNames: ['method'],
    registers,
    async collect() {
      this.reset();
      for (const { method, count } of await countOwedRefunds(db)) this.set({ method }, count);
    },
  });
  new Gauge({
    name: 'payment_reconcile_last_run_seconds',
    help: 'Unix time of this process’s last finished payment reconciliation (0 before the first)',
    registers,
    collect() {
      if (reconciler.lastRunAt !== null) this.set(reconciler.lastRunAt / 1000);
    },
  });
}
