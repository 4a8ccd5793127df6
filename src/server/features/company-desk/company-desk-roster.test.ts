import { describe, expect, it } from 'vitest';
import { companyCalls } from '../../../contract/company-account-calls.ts';
import { companyDeskCalls } from '../../../contract/console/company-desk-calls.ts';
import { dayMs } from '../../../contract/time.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { creditCompany } from '../company-credit/testing/credit-fixture.ts';
import { signedInStaff } from '../staff/testing/staff-browser.ts';

const maskedPhoneOf = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(7)}`;

/** 企业月结 (console): a company's members and invitations, read-only, masked, for the roles that may read the company. */
describe('企业月结 desk: members and invitations', () => {
  const t = useTestApp();

  it('shows sales and finance the members and the pending, lapsed and accepted invitations of that company only, phones masked', async () => {
    const company = await creditCompany(t, { name: '杭州成员台测试电子有限公司' });
    const other = await creditCompany(t, { name: '宁波成员台测试电子有限公司' });
    const [buyer] = company.members.buyer;
    const [finance] = company.members.finance;
    const [approver] = company.members.approver;
    if (!buyer || !finance || !approver) throw new Error('fixture');

    // Waiting: a member invited as 采购. Declined and withdrawn ones are not listed.
    const invited = await t.member();
    await company.admin.browser.callOk(companyCalls.invite, { phone: invited.phone, role: 'buyer' });
    const decliner = await t.member();
    await company.admin.browser.callOk(companyCalls.invite, { phone: decliner.phone, role: 'finance' });
    const toDecline = (await decliner.browser.callOk(companyCalls.state, {})).myInvitations[0];
    await decliner.browser.callOk(companyCalls.declineInvitation, { invitationId: toDecline?.invitationId ?? 0 });
    const withdrawn = await t.member();
    const afterInvite = await company.admin.browser.callOk(companyCalls.invite, { phone: withdrawn.phone, role: 'approver' });
    const toCancel = afterInvite.invitations.find((invitation) => invitation.maskedPhone === maskedPhoneOf(withdrawn.phone));
    await company.admin.browser.callOk(companyCalls.cancelInvitation, { invitationId: toCancel?.invitationId ?? 0 });
    // Lapsed: sent eight days ago, still recorded 待接受 (nothing has moved it yet).
    const lapsedPhone = `137${String(Date.now() % 100_000_000).padStart(8, '0')}`;
    await t.db.kysely
      .insertInto('companyAccountInvitations')
      .values({
        companyId: company.companyId,
        phone: lapsedPhone,
        role: 'approver',
        invitedBy: company.admin.userId,
        status: 'pending',
        createdAt: Date.now() - 8 * dayMs,
        decidedAt: null,
      })
      .execute();

    for (const role of ['sales', 'finance', 'admin'] as const) {
      const staff = await signedInStaff(t.app, t.db.kysely, role);
      const answer = await staff.browser.call(companyDeskCalls.detail, { companyId: company.companyId });
      expect(answer.code).toBe(1);
      const roster = answer.data?.roster;
      expect(roster?.members).toEqual([
        expect.objectContaining({ userId: company.admin.userId, maskedPhone: maskedPhoneOf(company.admin.phone), role: 'admin', roleLabel: '管理员' }),
        expect.objectContaining({ userId: buyer.userId, maskedPhone: maskedPhoneOf(buyer.phone), role: 'buyer', roleLabel: '采购' }),
        expect.objectContaining({ userId: finance.userId, maskedPhone: maskedPhoneOf(finance.phone), role: 'finance', roleLabel: '财务' }),
        expect.objectContaining({ userId: approver.userId, maskedPhone: maskedPhoneOf(approver.phone), role: 'approver', roleLabel: '审批' }),
      ]);
      const invitations = roster?.invitations ?? [];
      expect(invitations.map((invitation) => [invitation.maskedPhone, invitation.roleLabel, invitation.stateLabel]).sort()).toEqual(
        [
          [maskedPhoneOf(invited.phone), '采购', '待接受'],
          [maskedPhoneOf(lapsedPhone), '审批', '已过期'],
          [maskedPhoneOf(buyer.phone), '采购', '已接受'],
          [maskedPhoneOf(finance.phone), '财务', '已接受'],
          [maskedPhoneOf(approver.phone), '审批', '已接受'],
        ].sort(),
      );
      expect(invitations.find((invitation) => invitation.state === 'expired')?.invitedAtStr).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
      // No whole phone anywhere in the answer, and nothing of the other company.
      const text = JSON.stringify(roster);
      for (const phone of [company.admin.phone, buyer.phone, invited.phone, lapsedPhone, decliner.phone, withdrawn.phone, other.admin.phone]) {
        expect(text).not.toContain(phone);
      }
      expect(text).not.toContain(maskedPhoneOf(decliner.phone));
      expect(text).not.toContain(maskedPhoneOf(withdrawn.phone));
      expect(roster?.members.map((member) => member.userId)).not.toContain(other.admin.userId);
    }

    const sales = await signedInStaff(t.app, t.db.kysely, 'sales');
    const page = await sales.browser.get(`/admin/companies/${String(company.companyId)}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('成员与邀请');
    expect(page.body).toContain(maskedPhoneOf(buyer.phone));
    expect(page.body).not.toContain(buyer.phone);
  });

  it('refuses the members and invitations to the warehouse, content, service and catalogue roles', async () => {
    const company = await creditCompany(t, { name: '无锡成员台测试电子有限公司' });
    for (const role of ['warehouse', 'content', 'service', 'catalog'] as const) {
      const staff = await signedInStaff(t.app, t.db.kysely, role);
      const answer = await staff.browser.call(companyDeskCalls.detail, { companyId: company.companyId });
      expect(answer).toMatchObject({ code: 403 });
      expect(answer.data ?? null).toBeNull();
      const page = await staff.browser.get(`/admin/companies/${String(company.companyId)}`);
      expect(page.statusCode).not.toBe(200);
      expect(page.body).not.toContain(maskedPhoneOf(company.admin.phone));
    }
  });
});
