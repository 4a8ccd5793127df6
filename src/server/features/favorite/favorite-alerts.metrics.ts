import type { Kysely } from 'kysely';
import { Gauge, type Registry } from 'prom-client';
import type { Database } from '../../db/database.ts';
import type { PeriodicWork } from '../../ops/periodic-work.ts';
import { countChangesBehind } from './favorite-alert.repository.ts';

/**
 * The alert pass's queue, read at scrape time: catalogue changes written after its cursor, and when
 * this process last finished a pass. A backlog that keeps growing while the last run stands still
 * means no process is sending alerts.
 */
export function registerFavoriteAlertMetrics(registry: Registry, db: Kysely<Database>, work: PeriodicWork<number>): void {
  const registers = [registry];
  new Gauge({
    name: 'favorite_alerts_changes_behind',
    help: 'Catalogue changes (catalog_changes seqs) written after the favourite alert pass’s cursor',
    registers,
    async collect() {
      this.set(await countChangesBehind(db));
    },
  });
  new Gauge({
    name: 'favorite_alerts_last_run_seconds',
    help: 'Unix time of this process’s last finished favourite alert pass (0 before the first)',
    registers,
    collect() {
      this.set(work.lastRunAt === null ? 0 : work.lastRunAt / 1000);
    },
  });
}
