import { describe, expect, it } from 'vitest';
import { memberCalls } from '../../../contract/member-calls.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { lastCodeOf, nextIp, nextPhone, registerMemberVia } from '../account/account.test-helpers.ts';
import { verifyPassword } from '../account/account.service.ts';
import { changeMemberPhone } from '../account/account-profile.service.ts';

/** The member centre's check-then-act places under concurrent requests, on both engines. */
describe('member security under concurrency', () => {
  const t = useTestApp();

  /** A member (t.member) who has proven the old phone and may bind a new one. */
  async function verifiedMember() {
    const member = await t.member(undefined, nextIp());
    expect(await member.browser.call(memberCalls.sendSecurityCode, { purpose: 'changePhoneOld' })).toMatchObject({ code: 1 });
    await member.browser.call(memberCalls.verifyOldPhone, { smsCode: await lastCodeOf(t, member.phone) });
    return member;
  }

  it('two members binding the same new phone at once: one wins, the phone has one owner', async () => {
    for (let round = 0; round < 3; round++) {
      const [first, second] = await Promise.all([verifiedMember(), verifiedMember()]);
      const newPhone = nextPhone();
      expect(await first.browser.call(memberCalls.sendNewPhoneCode, { phone: newPhone })).toMatchObject({ code: 1 });
      const code = await lastCodeOf(t, newPhone);
      const answers = await Promise.all([first, second].map((member) => member.browser.call(memberCalls.changePhone, { phone: newPhone, smsCode: code })));
      expect(
        answers.filter((answer) => answer.code === 1),
        `round ${round}`,
      ).toHaveLength(1);
      for (const answer of answers.filter((candidate) => candidate.code !== 1)) expect(answer.msg).not.toBe('');
      const owners = await t.db.kysely.selectFrom('users').select('id').where('phone', '=', newPhone).execute();
      expect(owners).toHaveLength(1);
    }
  });

  it('the phone update itself: of members writing one phone at once, exactly one gets it (unique phone, no 5xx)', async () => {
    for (let round = 0; round < 3; round++) {
      const members = await Promise.all([t.member(), t.member(), t.member()]);
      const newPhone = nextPhone();
      const results = await Promise.all(members.map((member) => changeMemberPhone(t.db.kysely, member.userId, newPhone)));
      expect(results.filter(Boolean), `round ${round}`).toHaveLength(1);
      const owners = await t.db.kysely.selectFrom('users').select('id').where('phone', '=', newPhone).execute();
      expect(owners.map((owner) => owner.id)).toEqual([members[results.indexOf(true)]?.userId]);
    }
  });

  it('two concurrent changes from one old password: one is written, the other refused', async () => {
    const browser = t.browser(nextIp());
    const phone = nextPhone();
    await registerMemberVia(t, browser, phone, 'abc12345');
    const userId = (await t.db.kysely.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow()).id;
    const answers = await Promise.all(
      ['new11111', 'new22222'].map((newPassword) => browser.call(memberCalls.changePassword, { oldPassword: 'abc12345', newPassword })),
    );
    const winners = answers.flatMap((answer, index) => (answer.code === 1 ? [index] : []));
    expect(winners).toHaveLength(1);
    const loser = answers.find((answer) => answer.code !== 1);
    expect(loser).toMatchObject({ errorCode: 'member.oldPasswordWrong' });
    const row = await t.db.kysely.selectFrom('users').select('passwordHash').where('id', '=', userId).executeTakeFirstOrThrow();
    expect(await verifyPassword(row.passwordHash ?? '', winners[0] === 0 ? 'new11111' : 'new22222')).toBe(true);
  });

  it('two concurrent first passwords with one code: one is set', async () => {
    const member = await t.member(undefined, nextIp());
    expect(await member.browser.call(memberCalls.sendSecurityCode, { purpose: 'changePassword' })).toMatchObject({ code: 1 });
    const code = await lastCodeOf(t, member.phone);
    const answers = await Promise.all(
      ['first111', 'first222'].map((newPassword) => member.browser.call(memberCalls.setPassword, { smsCode: code, newPassword })),
    );
    expect(answers.filter((answer) => answer.code === 1)).toHaveLength(1);
    const row = await t.db.kysely.selectFrom('users').select('passwordHash').where('id', '=', member.userId).executeTakeFirstOrThrow();
    expect(row.passwordHash).not.toBeNull();
  });
});
