import { describe, expect, it } from 'vitest';
import { companyCalls } from '../../../contract/company-account-calls.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { createTestCompany, joinCompany, uniqueCreditCode } from './testing/company-fixture.ts';

/** Concurrent changes of one company or one member: the company's lock and the member's decide, never both. */
describe('企业账户 under concurrency', () => {
  const t = useTestApp();

  it('leaves one admin when two admins remove each other at once', async () => {
    for (let round = 0; round < 3; round += 1) {
      const first = await t.member();
      const { company } = await createTestCompany(first);
      const second = await t.member();
      await joinCompany(first, second, 'admin');
      const answers = await Promise.all([
        first.browser.call(companyCalls.removeMember, { userId: second.userId }),
        second.browser.call(companyCalls.removeMember, { userId: first.userId }),
      ]);
      expect(answers.filter((answer) => answer.code === 1)).toHaveLength(1);
      expect(answers.filter((answer) => answer.errorCode === 'company.notInCompany')).toHaveLength(1);
      const admins = await t.db.kysely
        .selectFrom('companyAccountMembers')
        .select('userId')
        .where('companyId', '=', company?.companyId ?? 0)
        .where('leftAt', 'is', null)
        .where('role', '=', 'admin')
        .execute();
      expect(admins).toHaveLength(1);
    }
  });

  it('leaves one admin when two admins demote each other at once', async () => {
    const first = await t.member();
    await createTestCompany(first);
    const second = await t.member();
    await joinCompany(first, second, 'admin');
    const answers = await Promise.all([
      first.browser.call(companyCalls.changeRole, { userId: second.userId, role: 'buyer' }),
      second.browser.call(companyCalls.changeRole, { userId: first.userId, role: 'buyer' }),
    ]);
    expect(answers.filter((answer) => answer.code === 1)).toHaveLength(1);
    expect(answers.filter((answer) => answer.errorCode === 'company.forbidden')).toHaveLength(1);
    const roles = (await first.browser.callOk(companyCalls.state, {})).members.map((member) => member.role).sort();
    expect(roles).toEqual(['admin', 'buyer']);
  });

  it('accepts an invitation once when it is accepted twice at once', async () => {
    const admin = await t.member();
    await createTestCompany(admin);
    const member = await t.member();
    await admin.browser.callOk(companyCalls.invite, { phone: member.phone, role: 'buyer' });
    const invitationId = (await member.browser.callOk(companyCalls.state, {})).myInvitations[0]?.invitationId ?? 0;
    const answers = await Promise.all(Array.from({ length: 4 }, () => member.browser.call(companyCalls.acceptInvitation, { invitationId })));
    expect(answers.filter((answer) => answer.code === 1)).toHaveLength(1);
    expect(answers.filter((answer) => answer.errorCode === 'company.invitationNotPending')).toHaveLength(3);
    const rows = await t.db.kysely.selectFrom('companyAccountMembers').select('id').where('userId', '=', member.userId).execute();
    expect(rows).toHaveLength(1);
  });

  it('puts a member in one company when they accept two invitations and create a company at once', async () => {
    const admins = [await t.member(), await t.member()];
    for (const admin of admins) await createTestCompany(admin);
    const member = await t.member();
    for (const admin of admins) await admin.browser.callOk(companyCalls.invite, { phone: member.phone, role: 'buyer' });
    const invitations = (await member.browser.callOk(companyCalls.state, {})).myInvitations;
    const answers = await Promise.all([
      ...invitations.map((invitation) => member.browser.call(companyCalls.acceptInvitation, { invitationId: invitation.invitationId })),
      member.browser.call(companyCalls.create, { name: '自建', creditCode: uniqueCreditCode() }),
    ]);
    expect(answers.filter((answer) => answer.code === 1)).toHaveLength(1);
    expect(answers.filter((answer) => answer.errorCode === 'company.alreadyInCompany')).toHaveLength(2);
    const open = await t.db.kysely.selectFrom('companyAccountMembers').select('id').where('userId', '=', member.userId).where('leftAt', 'is', null).execute();
    expect(open).toHaveLength(1);
  });

  it('makes one pending invitation of two sent to the same phone at once', async () => {
    const admin = await t.member();
    await createTestCompany(admin);
    const answers = await Promise.all([
      admin.browser.call(companyCalls.invite, { phone: '13912345601', role: 'buyer' }),
      admin.browser.call(companyCalls.invite, { phone: '13912345601', role: 'finance' }),
    ]);
    expect(answers.filter((answer) => answer.code === 1)).toHaveLength(1);
    expect(answers.filter((answer) => answer.errorCode === 'company.alreadyInvited')).toHaveLength(1);
  });

  it('keeps one of two admins who leave at once', async () => {
    const first = await t.member();
    const { company } = await createTestCompany(first);
    const second = await t.member();
    await joinCompany(first, second, 'admin');
    const answers = await Promise.all([first.browser.call(companyCalls.leave, {}), second.browser.call(companyCalls.leave, {})]);
    expect(answers.filter((answer) => answer.code === 1)).toHaveLength(1);
    expect(answers.filter((answer) => answer.errorCode === 'company.lastAdmin')).toHaveLength(1);
    const open = await t.db.kysely
      .selectFrom('companyAccountMembers')
      .select('role')
      .where('companyId', '=', company?.companyId ?? 0)
      .where('leftAt', 'is', null)
      .execute();
    expect(open).toEqual([{ role: 'admin' }]);
  });
});
