import type { CounterStore } from '../../http/counter-store.ts';
import { tooManyRequests } from '../../http/app-error.ts';

/**
 * Password guessing is slowed by locking an account after 5 failures and an address after 20
 * (offices share one address) within a 15-minute window; the lock lasts until the window ends.
 */
export const loginLimits = { windowSeconds: 900, perAccount: 5, perIp: 20 } as const;

const accountKey = (lockKey: string) => `login-fail:${lockKey}`;
const ipKey = (ip: string) => `login-fail:ip:${ip}`;

export const loginLockedMessage = '登录失败次数过多，账号已锁定，请15分钟后再试';

export async function assertLoginAllowed(counters: CounterStore, lockKey: string, ip: string, now = Date.now()): Promise<void> {
  const [accountFailures, ipFailures] = await Promise.all([
    counters.peek(accountKey(lockKey), loginLimits.windowSeconds, now),
    counters.peek(ipKey(ip), loginLimits.windowSeconds, now),
  ]);
  if (accountFailures >= loginLimits.perAccount || ipFailures >= loginLimits.perIp) throw tooManyRequests(loginLockedMessage);
}

export async function recordLoginFailure(counters: CounterStore, lockKey: string, ip: string, now = Date.now()): Promise<void> {
  await counters.increment(accountKey(lockKey), loginLimits.windowSeconds, now);
  await counters.increment(ipKey(ip), loginLimits.windowSeconds, now);
}
