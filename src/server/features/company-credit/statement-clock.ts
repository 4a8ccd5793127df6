import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../ops/clock.ts';
import { PeriodicWork } from '../../ops/periodic-work.ts';
import { runStatementClock } from './company-statement.service.ts';

export const statementClockIntervalMs = 5 * 60_000;

/**
 * Each process closes the months that have ended (对账单 出账, on the Beijing month boundary) and marks unpaid
 * statements past their due date 逾期, every few minutes; each move is one conditional update, so processes never
 * issue a statement twice.
 */
export function createStatementClock(db: Kysely<Database>, logger: Logger, clock: Clock, intervalMs = statementClockIntervalMs) {
  return new PeriodicWork({
    name: 'statement clock',
    intervalMs,
    logger,
    clock,
    idle: { issued: 0, overdue: 0 },
    pass: async (now) => {
      const moved = await runStatementClock(db, now);
      if (moved.issued + moved.overdue > 0) logger.info(moved, 'statement clock');
      return moved;
    },
  });
}
