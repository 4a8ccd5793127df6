import { smsErrors, smsResendSeconds } from '../../../../contract/account.ts';
import { beijingOffsetMs } from '../../../../contract/time.ts';
import { AppError } from '../../../http/app-error.ts';
import type { CounterStore } from '../../../http/counter-store.ts';

/** Abuse limits on sending codes. The once-a-minute limit is the atomic claim in sms_codes. */
export const smsLimits = {
  resendSeconds: smsResendSeconds,
  perPhonePerHour: 5,
  perPhonePerDay: 10,
  perIpPerHour: 20,
} as const;

const hour = 3600;
const day = 86_400;

const keys = {
  phoneHour: (phone: string) => `sms:phone:h:${phone}`,
  phoneDay: (phone: string) => `sms:phone:d:${phone}`,
  ip: (ip: string) => `sms:ip:${ip}`,
};

/** Every send request from an address counts, refused or not: it is what a flood looks like. `perHour`: SMS_SENDS_PER_IP_HOUR. */
export async function countIpSendRequest(counters: CounterStore, ip: string, now: number, perHour: number = smsLimits.perIpPerHour): Promise<void> {
  const { isAllowed } = await counters.consume(keys.ip(ip), perHour, hour, now);
  if (!isAllowed) throw new AppError(smsErrors.tooFrequent);
}

export interface PhoneQuota {
  /** The send did not happen after all (another request got the minute's claim): give the quota back. */
  giveBack(): Promise<void>;
}

/**
 * Takes one send from the phone's hourly and daily quota, atomically; a refused request
 * gives its hit back at once, so the counts are the codes actually sent.
 */
export async function takePhoneQuota(counters: CounterStore, phone: string, now: number): Promise<PhoneQuota> {
  // Day windows start at midnight Beijing time, not UTC: the counter store aligns windows to the epoch.
  const dayNow = now + beijingOffsetMs;
  const daily = await counters.consume(keys.phoneDay(phone), smsLimits.perPhonePerDay, day, dayNow);
  if (!daily.isAllowed) {
    await counters.release(keys.phoneDay(phone), day, dayNow);
    throw new AppError(smsErrors.phoneDailyQuota);
  }
  const hourly = await counters.consume(keys.phoneHour(phone), smsLimits.perPhonePerHour, hour, now);
  if (!hourly.isAllowed) {
    await counters.release(keys.phoneHour(phone), hour, now);
    await counters.release(keys.phoneDay(phone), day, dayNow);
    throw new AppError(smsErrors.phoneHourlyQuota);
  }
  return {
    async giveBack() {
      await counters.release(keys.phoneHour(phone), hour, now);
      await counters.release(keys.phoneDay(phone), day, dayNow);
    },
  };
}
