import { describe, expect, it } from 'vitest';
import { SendMsgType } from '../../../contract/account.ts';
import { accountCalls } from '../../../contract/account-calls.ts';
import type { TestBrowser } from '../../testing/test-app.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { nextIp, nextPhone, registerMemberVia, sendCode } from './account.test-helpers.ts';

/**
 * Single-use codes and the password reset under concurrent requests (on PostgreSQL they really
 * interleave). The SMS-code races (one send a minute, five wrong guesses, one registration per
 * code) are in sms/sms-code.test.ts; the login lock's in login-race.test.ts.
 */
describe('account check-then-act under concurrency', () => {
  const t = useTestApp();
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /** A member whose registration code is old enough for another code to be sent at once. */
  async function memberWithPassword(password: string): Promise<string> {
    const phone = nextPhone();
    await registerMemberVia(t, t.browser(nextIp()), phone, password);
    await t.db.kysely
      .updateTable('smsCodes')
      .set({ sentAt: Date.now() - 61_000 })
      .where('phone', '=', phone)
      .execute();
    return phone;
  }

  async function graphicAnswerOf(browser: TestBrowser): Promise<string> {
    await browser.callOk(accountCalls.queryDynamicGraphCode, { type: SendMsgType.register });
    const { answer } = (await browser.get('/dev/graphic-code')).json<{ answer: string | null }>();
    if (!answer) throw new Error('no graphic code stored');
    return answer;
  }

  it('spends a graphic code once when registrations using it arrive together', async () => {
    const browser = t.browser(nextIp());
    const graphCode = await graphicAnswerOf(browser);
    const phones = Array.from({ length: 8 }, () => nextPhone());
    const smsCodes: string[] = [];
    for (const phone of phones) smsCodes.push(await sendCode(t, t.browser(nextIp()), phone, SendMsgType.register));

    const answers = await Promise.all(
      phones.map((phone, i) => browser.call(accountCalls.register, { phone, graphCode, smsCode: smsCodes[i] ?? '', password: 'abc12345' })),
    );
    expect(answers.filter((answer) => answer.code === 1)).toHaveLength(1);
    expect(answers.filter((answer) => answer.errorCode === 'graphCode.expired')).toHaveLength(phones.length - 1);
    const members = await t.db.kysely.selectFrom('users').select('phone').where('phone', 'in', phones).execute();
    expect(members).toHaveLength(1);
  });

  it('resets a password once when resets with one code arrive together', async () => {
    const phone = await memberWithPassword('old12345');
    const smsCode = await sendCode(t, t.browser(nextIp()), phone, SendMsgType.findPassword);
    const passwords = ['first111', 'second22', 'third333', 'fourth44', 'fifth555', 'sixth666'];

    const answers = await Promise.all(passwords.map((password) => t.browser(nextIp()).call(accountCalls.findPassword, { phone, smsCode, password })));
    const winners = passwords.filter((_, i) => answers[i]?.code === 1);
    expect(winners).toHaveLength(1);
    expect(answers.filter((answer) => answer.errorCode === 'sms.codeExpired')).toHaveLength(passwords.length - 1);

    const login = (password: string) => t.browser(nextIp()).call(accountCalls.doLogin, { loginType: 'password', userAccount: phone, password });
    expect(await login(winners[0] ?? '')).toMatchObject({ code: 1 });
    expect(await login(passwords.find((password) => password !== winners[0]) ?? '')).toMatchObject({ errorCode: 'account.badCredentials' });
  });

  it('leaves no session opened by the old password once a racing reset has answered', async () => {
    // Each round starts the login a little later into the reset's password hashing, so that some
    // logins verify the old password before the new one is written and store their session after
    // the reset has ended the member's sessions.
    for (let round = 0; round < 6; round++) {
      const phone = await memberWithPassword('old12345');
      const smsCode = await sendCode(t, t.browser(nextIp()), phone, SendMsgType.findPassword);
      const intruder = t.browser(nextIp());
      await intruder.get('/');

      const reset = t.browser(nextIp()).call(accountCalls.findPassword, { phone, smsCode, password: 'new12345' });
      await wait(round * 4);
      const login = intruder.call(accountCalls.doLogin, { loginType: 'password', userAccount: phone, password: 'old12345' });
      const [resetAnswer, loginAnswer] = await Promise.all([reset, login]);

      expect(resetAnswer).toMatchObject({ code: 1 });
      if (loginAnswer.code !== 1) expect(loginAnswer).toMatchObject({ errorCode: 'account.badCredentials' });
      expect((await intruder.get('/user/person')).statusCode, `round ${round}: ${loginAnswer.msg}`).toBe(302);
    }
  });
});
