import type { Generated } from 'kysely';

export interface SessionsTable {
  /** sha256 of the cookie token: a leaked table does not leak live sessions. */
  id: string;
  userId: number;
  createdAt: number;
  expiresAt: number;
}

export interface RateCountersTable {
  key: string;
  windowStart: number;
  count: number;
  expiresAt: number;
}

export interface SessionTables {
  sessions: SessionsTable;
  rateCounters: RateCountersTable;
}

export type { Generated };
