import { describe, expect, it } from 'vitest';
import { accountCalls } from '../../../contract/account-calls.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { nextIp, nextPhone, registerMemberVia } from './account.test-helpers.ts';
import { loginLimits } from './login-guard.ts';

/** The lock must hold when the guesses arrive together, not only one after another. */
describe('login lock under concurrency', () => {
  const t = useTestApp();

  const guess = (phone: string, password: string, ip = nextIp()) =>
    t.browser(ip).call(accountCalls.doLogin, { loginType: 'password', userAccount: phone, password });

  it('verifies at most 5 passwords of 20 concurrent wrong guesses for one account; the rest are locked', async () => {
    const phone = nextPhone();
    await registerMemberVia(t, t.browser(nextIp()), phone, 'right1234');
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => guess(phone, `wrong-${i}`)));
    const tally = new Map<string, number>();
    for (const answer of answers) tally.set(answer.errorCode ?? '', (tally.get(answer.errorCode ?? '') ?? 0) + 1);
    expect(tally.get('account.badCredentials')).toBe(loginLimits.perAccount);
    expect(tally.get('account.locked')).toBe(20 - loginLimits.perAccount);
    expect(await guess(phone, 'right1234')).toMatchObject({ code: 429, errorCode: 'account.locked' });
  });

  it('verifies at most 20 passwords of 30 concurrent wrong guesses from one address', async () => {
    const ip = nextIp();
    const phones = Array.from({ length: 30 }, () => nextPhone());
    const answers = await Promise.all(phones.map((phone) => guess(phone, 'wrong1234', ip)));
    expect(answers.filter((answer) => answer.errorCode === 'account.badCredentials')).toHaveLength(loginLimits.perIp);
    expect(answers.filter((answer) => answer.code === 429 && answer.errorCode === 'account.locked')).toHaveLength(30 - loginLimits.perIp);
  });

  it('does not count a successful login as a failure', async () => {
    const phone = nextPhone();
    await registerMemberVia(t, t.browser(nextIp()), phone, 'right1234');
    for (let i = 0; i < loginLimits.perAccount + 3; i++) expect(await guess(phone, 'right1234')).toMatchObject({ code: 1 });
    for (let i = 0; i < loginLimits.perAccount - 1; i++)
      expect(await guess(phone, 'wrong1234')).toMatchObject({ code: 400, errorCode: 'account.badCredentials' });
    expect(await guess(phone, 'right1234')).toMatchObject({ code: 1 });
  });
});
