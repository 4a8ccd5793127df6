import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/database.ts';
import { PeriodicWork } from '../../ops/periodic-work.ts';
import { expireQuotations } from './quotation-staff.service.ts';

export const quotationExpiryIntervalMs = 60_000;

/**
 * Each process marks offers past their validity 已过期 once a minute (reads already treat them so;
 * this keeps the rows, the tab counts and the staff's lists true without a member opening the page).
 * The claim is one statement, so processes never expire an offer twice.
 */
export function createQuotationExpiry(db: Kysely<Database>, logger: Logger, intervalMs = quotationExpiryIntervalMs): PeriodicWork<number> {
  return new PeriodicWork({
    name: 'quotation expiry',
    intervalMs,
    logger,
    idle: 0,
    pass: async (now) => {
      const expired = (await expireQuotations(db, now)).length;
      if (expired > 0) logger.info({ expired }, 'quotation expiry');
      return expired;
    },
  });
}
