import type { Kysely } from 'kysely';
import { Gauge, type Registry } from 'prom-client';
import type { OrderConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { countOverdueWork, type OrderSweeper } from './order-sweeper.ts';

/**
 * The sweeper's queue, read at scrape time: the timed work waiting for it (two indexed counts) and
 * when this process last swept. Work that keeps growing while the last run stands still means no
 * process is sweeping.
 */
export function registerOrderSweeperMetrics(registry: Registry, db: Kysely<Database>, config: OrderConfig, sweeper: OrderSweeper): void {
  const registers = [registry];
  new Gauge({
    name: 'orders_oldest_overdue_seconds',
    help: 'Seconds the longest-overdue unpaid order has waited past its payment time (0: none)',
    registers,
    async collect() {
      this.set(await sweeper.oldestOverdueSeconds());
    },
  });
  // Both gauges of one scrape share one pair of counts (the registry collects them together).
  let counting: ReturnType<typeof countOverdueWork> | null = null;
  const overdueWork = () => (counting ??= countOverdueWork(db, Date.now(), config.autoCompleteDays).finally(() => (counting = null)));
  new Gauge({
    name: 'orders_awaiting_expiry',
    help: 'Unpaid orders past their payment time, not yet cancelled by a sweep',
    registers,
    async collect() {
      this.set((await overdueWork()).toExpire);
    },
  });
  new Gauge({
    name: 'orders_awaiting_autocomplete',
    help: 'Shipped orders past the auto-complete days, not yet completed by a sweep',
    registers,
    async collect() {
      this.set((await overdueWork()).toComplete);
    },
  });
  new Gauge({
    name: 'order_sweeper_last_run_seconds',
    help: 'Unix time of this process’s last finished order sweep (0 before the first)',
    registers,
    collect() {
      if (sweeper.lastSweepAt !== null) this.set(sweeper.lastSweepAt / 1000);
    },
  });
}
