import { smsResendSeconds } from '../../../../contract/account.ts';
import type { CounterStore } from '../../../http/counter-store.ts';
import { AppError, tooManyRequests } from '../../../http/app-error.ts';
import { ResultCode } from '../../../../contract/envelope.ts';

/** Abuse limits on sending codes. The once-a-minute limit is the atomic claim in sms_codes. */
export const smsLimits = {
  resendSeconds: smsResendSeconds,
  perPhonePerHour: 5,
  perPhonePerDay: 10,
  perIpPerHour: 20,
} as const;

const hour = 3600;
const day = 86_400;
// Day windows start at midnight Beijing time, not UTC: the counter store aligns windows to the epoch.
const beijingOffsetMs = 8 * 3_600_000;

const keys = {
  phoneHour: (phone: string) => `sms:phone:h:${phone}`,
  phoneDay: (phone: string) => `sms:phone:d:${phone}`,
  ip: (ip: string) => `sms:ip:${ip}`,
};

/** Every send request from an address counts, refused or not: it is what a flood looks like. */
export async function countIpSendRequest(counters: CounterStore, ip: string, now: number): Promise<void> {
  const count = await counters.increment(keys.ip(ip), hour, now);
  if (count > smsLimits.perIpPerHour) throw tooManyRequests('获取验证码过于频繁，请稍后再试');
}

/**
 * Checked before the claim and counted after it: only one request per phone per minute
 * gets past the claim, so the check and the count cannot race each other.
 */
export async function assertPhoneQuota(counters: CounterStore, phone: string, now: number): Promise<void> {
  if ((await counters.peek(keys.phoneDay(phone), day, now + beijingOffsetMs)) >= smsLimits.perPhonePerDay) {
    throw new AppError(ResultCode.tooManyRequests, '该手机号今日获取验证码次数已达上限，请明天再试');
  }
  if ((await counters.peek(keys.phoneHour(phone), hour, now)) >= smsLimits.perPhonePerHour) {
    throw new AppError(ResultCode.tooManyRequests, '该手机号获取验证码过于频繁，请1小时后再试');
  }
}

export async function countPhoneSend(counters: CounterStore, phone: string, now: number): Promise<void> {
  await counters.increment(keys.phoneHour(phone), hour, now);
  await counters.increment(keys.phoneDay(phone), day, now + beijingOffsetMs);
}
