import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/database.ts';

export const maxWrongGuesses = 5;

export interface SmsCodeClaim {
  phone: string;
  purpose: number;
  code: string;
  now: number;
  expiresAt: number;
  /** A phone's previous code must be at least this old before a new one is sent. */
  resendAfterMs: number;
}

/**
 * The atomic claim of a send: insert the phone's code, or replace its previous one only if
 * that was sent long enough ago. Of many concurrent requests exactly one gets a row back —
 * PostgreSQL locks the conflicting row and re-checks the condition; SQLite runs one at a time.
 */
export async function claimSmsCode(db: Kysely<Database>, claim: SmsCodeClaim): Promise<boolean> {
  const values = { purpose: claim.purpose, code: claim.code, sentAt: claim.now, expiresAt: claim.expiresAt, failedAttempts: 0, isUsed: 0 };
  const row = await db
    .insertInto('smsCodes')
    .values({ phone: claim.phone, ...values })
    .onConflict((conflict) =>
      conflict
        .column('phone')
        .doUpdateSet(values)
        .where('smsCodes.sentAt', '<=', claim.now - claim.resendAfterMs),
    )
    .returning('phone')
    .executeTakeFirst();
  return row !== undefined;
}

export interface SmsCodeGuess {
  phone: string;
  purpose: number;
  code: string;
  now: number;
}

/** Uses the code if it is the phone's live code for this purpose: true once, then never again. */
export async function consumeSmsCode(db: Kysely<Database>, guess: SmsCodeGuess): Promise<boolean> {
  const row = await db
    .updateTable('smsCodes')
    .set({ isUsed: 1 })
    .where('phone', '=', guess.phone)
    .where('purpose', '=', guess.purpose)
    .where('code', '=', guess.code)
    .where('isUsed', '=', 0)
    .where('expiresAt', '>', guess.now)
    .where('failedAttempts', '<', maxWrongGuesses)
    .returning('phone')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Counts a wrong guess against the live code in one conditional update, so concurrent
 * guesses cannot slip past the limit. Returns the new count, or null when no code is live.
 */
export async function recordWrongGuess(db: Kysely<Database>, guess: SmsCodeGuess): Promise<number | null> {
  const row = await db
    .updateTable('smsCodes')
    .set({ failedAttempts: sql<number>`failed_attempts + 1` })
    .where('phone', '=', guess.phone)
    .where('purpose', '=', guess.purpose)
    .where('code', '<>', guess.code)
    .where('isUsed', '=', 0)
    .where('expiresAt', '>', guess.now)
    .where('failedAttempts', '<', maxWrongGuesses)
    .returning('failedAttempts')
    .executeTakeFirst();
  return row?.failedAttempts ?? null;
}
