import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountCalls } from '../../../../contract/account-calls.ts';
import { SendMsgType, type VisitorSmsPurpose } from '../../../../contract/account.ts';
import type { TestBrowser } from '../../../testing/test-app.ts';
import { useTestApp } from '../../../testing/use-test-app.ts';
import { lastCodeOf, nextIp, nextPhone, otherCode, outboxOf } from '../account.test-helpers.ts';
import type { SmsProvider } from './sms-provider.ts';

const hourMs = 3_600_000;
/** 01:00 Beijing time on some day: hour and Beijing-day windows both start here or earlier. */
function startOfBeijingDay(): number {
  const day = 86_400_000;
  const beijingMidnight = Math.ceil((Date.now() + 8 * hourMs) / day) * day - 8 * hourMs;
  return beijingMidnight + hourMs;
}

describe('SMS code sending limits and single use', () => {
  const t = useTestApp();
  afterEach(() => {
    vi.useRealTimers();
  });

  const send = (b: TestBrowser, phone: string, sendMsgType: VisitorSmsPurpose = SendMsgType.register) =>
    b.call(accountCalls.sendVerificationCode, { userAccount: phone, sendMsgType });
  const register = (b: TestBrowser, phone: string, smsCode: string) => b.call(accountCalls.messageRegister, { phone, smsCode, password: 'abc12345' });

  it('refuses a second SMS code within 60 seconds and allows one after', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const b = t.browser(nextIp());
    const phone = nextPhone();
    expect(await send(b, phone)).toMatchObject({ code: 1 });
    vi.setSystemTime(Date.now() + 59_000);
    expect(await send(b, phone)).toMatchObject({ code: 429, msg: '验证码已发送，请60秒后再试', errorCode: 'sms.resendTooSoon' });
    vi.setSystemTime(Date.now() + 1_000);
    expect(await send(b, phone)).toMatchObject({ code: 1 });
    expect(await outboxOf(t, phone)).toHaveLength(2);
  });

  it('a new code replaces the previous one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const b = t.browser(nextIp());
    const phone = nextPhone();
    await send(b, phone);
    const first = await lastCodeOf(t, phone);
    vi.setSystemTime(Date.now() + 60_000);
    await send(b, phone);
    const second = await lastCodeOf(t, phone);
    if (first !== second) expect(await register(b, phone, first)).toMatchObject({ code: 400, errorCode: 'sms.codeWrong' });
    expect(await register(b, phone, second)).toMatchObject({ code: 1 });
  });

  it('allows 5 codes an hour per phone', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(startOfBeijingDay());
    const phone = nextPhone();
    for (let sent = 0; sent < 5; sent++) {
      expect(await send(t.browser(nextIp()), phone)).toMatchObject({ code: 1 });
      vi.setSystemTime(Date.now() + 61_000);
    }
    expect(await send(t.browser(nextIp()), phone)).toMatchObject({
      code: 429,
      msg: '该手机号获取验证码过于频繁，请1小时后再试',
      errorCode: 'sms.phoneHourlyQuota',
    });
    expect(await outboxOf(t, phone)).toHaveLength(5);
  });

  it('allows 10 codes a day per phone', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const dayStart = startOfBeijingDay();
    const phone = nextPhone();
    for (let sent = 0; sent < 10; sent++) {
      vi.setSystemTime(dayStart + Math.floor(sent / 5) * hourMs + (sent % 5) * 61_000);
      expect(await send(t.browser(nextIp()), phone)).toMatchObject({ code: 1 });
    }
    vi.setSystemTime(dayStart + 2 * hourMs);
    expect(await send(t.browser(nextIp()), phone)).toMatchObject({
      code: 429,
      msg: '该手机号今日获取验证码次数已达上限，请明天再试',
      errorCode: 'sms.phoneDailyQuota',
    });
    // 23:59 Beijing time is still the same day; midnight starts a new one.
    vi.setSystemTime(dayStart + 23 * hourMs - 60_000);
    expect(await send(t.browser(nextIp()), phone)).toMatchObject({ code: 429, errorCode: 'sms.phoneDailyQuota' });
    vi.setSystemTime(dayStart + 23 * hourMs);
    expect(await send(t.browser(nextIp()), phone)).toMatchObject({ code: 1 });
  });

  it('allows 20 send requests an hour from one address, whatever its browser sessions', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(startOfBeijingDay());
    const ip = nextIp();
    for (let sent = 0; sent < 20; sent++) expect(await send(t.browser(ip), nextPhone())).toMatchObject({ code: 1 });
    const phone = nextPhone();
    expect(await send(t.browser(ip), phone)).toMatchObject({ code: 429, msg: '获取验证码过于频繁，请稍后再试', errorCode: 'sms.tooFrequent' });
    expect(await outboxOf(t, phone)).toHaveLength(0);
    expect(await send(t.browser(nextIp()), phone)).toMatchObject({ code: 1 });
  });

  it('50 concurrent sends for one phone send exactly one SMS', async () => {
    const phone = nextPhone();
    const answers = await Promise.all(Array.from({ length: 50 }, () => send(t.browser(nextIp()), phone)));
    expect(answers.filter((answer) => answer.code === 1)).toHaveLength(1);
    // Refused by the minute's claim or, when they interleave (PostgreSQL), already by a daily or hourly quota
    // that the refused requests then gave back: the counts end as the one code sent.
    const refusals = ['sms.resendTooSoon', 'sms.phoneHourlyQuota', 'sms.phoneDailyQuota'];
    expect(answers.filter((answer) => answer.code === 429 && refusals.includes(answer.errorCode ?? ''))).toHaveLength(49);
    expect(await outboxOf(t, phone)).toHaveLength(1);
  });

  it('20 concurrent wrong guesses leave the code dead: the right code afterwards is refused', async () => {
    const b = t.browser(nextIp());
    const phone = nextPhone();
    await send(b, phone);
    const code = await lastCodeOf(t, phone);
    const answers = await Promise.all(Array.from({ length: 20 }, () => register(t.browser(nextIp()), phone, otherCode(code))));
    expect(answers.every((answer) => answer.code === 400 && ['sms.codeWrong', 'sms.codeDead', 'sms.codeExpired'].includes(answer.errorCode ?? ''))).toBe(true);
    const row = await t.db.kysely.selectFrom('smsCodes').select('failedAttempts').where('phone', '=', phone).executeTakeFirstOrThrow();
    expect(row.failedAttempts).toBe(5);
    expect(await register(b, phone, code)).toMatchObject({ code: 400, msg: '短信验证码已失效，请重新获取', errorCode: 'sms.codeExpired' });
  });

  it('the fifth wrong guess says the code is dead', async () => {
    const b = t.browser(nextIp());
    const phone = nextPhone();
    await send(b, phone);
    const wrong = otherCode(await lastCodeOf(t, phone));
    for (let guess = 0; guess < 4; guess++) expect(await register(b, phone, wrong)).toMatchObject({ msg: '短信验证码错误', errorCode: 'sms.codeWrong' });
    expect(await register(b, phone, wrong)).toMatchObject({ msg: '短信验证码错误次数过多，请重新获取', errorCode: 'sms.codeDead' });
  });

  it('concurrent registrations with the right code use it once and create one member', async () => {
    const b = t.browser(nextIp());
    const phone = nextPhone();
    await send(b, phone);
    const code = await lastCodeOf(t, phone);
    const answers = await Promise.all(Array.from({ length: 10 }, () => register(t.browser(nextIp()), phone, code)));
    expect(answers.filter((answer) => answer.code === 1)).toHaveLength(1);
    // The others found the code spent, or (arriving after the first had registered) the phone taken.
    expect(answers.filter((answer) => answer.errorCode === 'sms.codeExpired' || answer.errorCode === 'account.alreadyRegistered')).toHaveLength(9);
    const members = await t.db.kysely.selectFrom('users').select('id').where('phone', '=', phone).execute();
    expect(members).toHaveLength(1);
  });

  describe('with a failing SMS gateway', () => {
    const failing: SmsProvider = {
      async send() {
        throw new Error('gateway down');
      },
    };
    const broken = useTestApp({ app: { sms: failing } });

    it('answers a gateway failure with a Chinese message and keeps the resend wait', async () => {
      const b = broken.browser(nextIp());
      const phone = nextPhone();
      expect(await send(b, phone)).toMatchObject({ code: 500, msg: '短信发送失败，请稍后再试', errorCode: 'sms.sendFailed' });
      expect(await send(b, phone)).toMatchObject({ code: 429, errorCode: 'sms.resendTooSoon' });
    });
  });

  describe('when the outbox loses its database connection mid-send', () => {
    const cutOff: SmsProvider = {
      async send() {
        throw new Error('Connection terminated unexpectedly');
      },
    };
    const outage = useTestApp({ app: { sms: cutOff } });

    it('answers the outage as the store being unavailable, not as a gateway failure', async () => {
      const answer = await send(outage.browser(nextIp()), nextPhone());
      expect(answer).toMatchObject({ code: 503, errorCode: 'request.unavailable' });
    });
  });
});
