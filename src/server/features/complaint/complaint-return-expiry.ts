import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/database.ts';
import { PeriodicWork } from '../../ops/periodic-work.ts';
import { closeOverdueReturns } from './complaint-staff.service.ts';

export const returnExpiryIntervalMs = 10 * 60_000;

/**
 * The complaint lifecycle's clock (expireReturn): each process closes authorised returns not sent
 * back within returnShipDays every ten minutes, each with the member's message. Each close is one
 * conditional update, so processes never close a return twice, and a member entering the tracking
 * number at that moment wins or loses cleanly.
 */
export function createReturnExpiry(db: Kysely<Database>, logger: Logger, intervalMs = returnExpiryIntervalMs): PeriodicWork<number> {
  return new PeriodicWork({
    name: 'return expiry',
    intervalMs,
    logger,
    idle: 0,
    pass: async (now) => {
      const closed = await closeOverdueReturns(db, now);
      if (closed > 0) logger.info({ closed }, 'return expiry');
      return closed;
    },
  });
}
