import { describe, expect, it } from 'vitest';
import { accountCalls } from '../../src/contract/account-calls.ts';
import { HttpBrowser, useCluster } from './cluster-kit.ts';
import { createMemberWithPassword, randomAddress, randomPhone } from './members.ts';

/** The login limits count in Redis, shared by every process: guesses spread over three processes count once. */
describe('login limits across processes', () => {
  const c = useCluster();

  const tally = (answers: { errorCode?: string }[]) => {
    const counts: Record<string, number> = {};
    for (const answer of answers) counts[answer.errorCode ?? 'none'] = (counts[answer.errorCode ?? 'none'] ?? 0) + 1;
    return counts;
  };

  it('locks one account after exactly 5 of 20 concurrent wrong passwords spread over 3 processes', async () => {
    const member = await createMemberWithPassword(c.db, 'right1234');
    const address = randomAddress();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        new HttpBrowser(address).call(c.processUrls[i % 3] ?? '', accountCalls.doLogin, {
          loginType: 'password',
          userAccount: member.phone,
          password: `wrong-${i}`,
        }),
      ),
    );
    expect(tally(answers)).toEqual({ 'account.badCredentials': 5, 'account.locked': 15 });
    for (const origin of c.processUrls) {
      expect(
        await new HttpBrowser(address).call(origin, accountCalls.doLogin, { loginType: 'password', userAccount: member.phone, password: 'right1234' }),
      ).toMatchObject({
        code: 429,
        errorCode: 'account.locked',
      });
    }
  });

  it('locks one address after exactly 20 of 30 concurrent failed logins for different accounts over 3 processes', async () => {
    const address = randomAddress();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        new HttpBrowser(address).call(c.processUrls[i % 3] ?? '', accountCalls.doLogin, {
          loginType: 'password',
          userAccount: randomPhone(),
          password: 'wrong1234',
        }),
      ),
    );
    expect(tally(answers)).toEqual({ 'account.badCredentials': 20, 'account.locked': 10 });
  });
});
