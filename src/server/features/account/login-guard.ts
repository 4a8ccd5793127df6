import { accountErrors, loginLockMinutes } from '../../../contract/account.ts';
import { AppError } from '../../http/app-error.ts';
import type { CounterStore } from '../../http/counter-store.ts';

/**
 * Password guessing is slowed by locking an account after 5 failures and an address after 20
 * (offices share one address) within a 15-minute window; the lock lasts until the window ends.
 */
export const loginLimits = { windowSeconds: loginLockMinutes * 60, perAccount: 5, perIp: 20 } as const;

const accountKey = (lockKey: string) => `login-fail:${lockKey}`;
const ipKey = (ip: string) => `login-fail:ip:${ip}`;

export interface LoginAttempt {
  /** The credentials were right: the attempt is taken back, it was no failure. */
  succeeded(): Promise<void>;
}

/**
 * Counts the attempt as a failure before the credentials are checked, so that concurrent
 * guesses cannot all pass a lock that is only counted afterwards; a success takes it back.
 */
export async function beginLoginAttempt(counters: CounterStore, lockKey: string, ip: string, now = Date.now()): Promise<LoginAttempt> {
  const { windowSeconds } = loginLimits;
  const account = await counters.consume(accountKey(lockKey), loginLimits.perAccount, windowSeconds, now);
  if (!account.isAllowed) throw new AppError(accountErrors.locked);
  const address = await counters.consume(ipKey(ip), loginLimits.perIp, windowSeconds, now);
  if (!address.isAllowed) {
    await counters.release(accountKey(lockKey), windowSeconds, now);
    throw new AppError(accountErrors.locked);
  }
  return {
    async succeeded() {
      await counters.release(accountKey(lockKey), windowSeconds, now);
      await counters.release(ipKey(ip), windowSeconds, now);
    },
  };
}
