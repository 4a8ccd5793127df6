import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/database.ts';
import { PeriodicWork } from '../../ops/periodic-work.ts';
import { purgeExpiredUndo } from './price-import-rollback.repository.ts';

export const priceImportUndoPurgeIntervalMs = 60 * 60 * 1000;

/**
 * Each process drops, once an hour, the "before" values of finished jobs past their 30-day retention
 * (priceImportUndoKeepMs): such a job can no longer be rolled back. Each job is claimed in one statement,
 * so processes never purge twice and never purge a job a rollback claimed meanwhile.
 */
export function createPriceImportUndoPurge(db: Kysely<Database>, logger: Logger, intervalMs = priceImportUndoPurgeIntervalMs): PeriodicWork<number> {
  return new PeriodicWork({
    name: 'price import undo purge',
    intervalMs,
    logger,
    idle: 0,
    pass: async (now) => {
      const purged = await purgeExpiredUndo(db, now);
      if (purged > 0) logger.info({ purged }, 'price import undo purge');
      return purged;
    },
  });
}
