import { describe, expect, it } from 'vitest';
import { companyCalls } from '../../../contract/company-account-calls.ts';
import type { CompanyRole } from '../../../contract/company-account.ts';
import { MessageType } from '../../../contract/message.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { createTestCompany, joinCompany } from './testing/company-fixture.ts';

const t = useTestApp();

async function companyWith(roles: CompanyRole[]) {
  const admin = await t.member({ nickName: '管理员甲' });
  await createTestCompany(admin);
  const members = [];
  for (const role of roles) {
    const member = await t.member();
    await joinCompany(admin, member, role);
    members.push(member);
  }
  return { admin, members };
}

describe('企业账户: members and roles', () => {
  it('lets the admin change a role and remove a member, each told by a message', async () => {
    const { admin, members } = await companyWith(['buyer']);
    const [buyer] = members;
    if (!buyer) throw new Error('no buyer');
    const changed = await admin.browser.call(companyCalls.changeRole, { userId: buyer.userId, role: 'approver' });
    expect(changed).toMatchObject({ code: 1, msg: '角色已修改' });
    expect(changed.data?.members.find((member) => member.userId === buyer.userId)?.role).toBe('approver');
    expect((await buyer.browser.callOk(companyCalls.state, {})).can).toEqual({
      canManage: false,
      canSeeOrders: true,
      canSeeInvoices: false,
      canChangeLists: false,
      canApprove: true,
      canSetThreshold: false,
    });

    expect(await admin.browser.call(companyCalls.removeMember, { userId: buyer.userId })).toMatchObject({ code: 1, msg: '成员已移除' });
    expect((await buyer.browser.callOk(companyCalls.state, {})).company).toBeNull();
    const texts = await t.db.kysely
      .selectFrom('messages')
      .select('msgContent')
      .where('userId', '=', buyer.userId)
      .where('messageType', '=', MessageType.company)
      .orderBy('id')
      .execute();
    expect(texts.map((row) => row.msgContent).slice(-2)).toEqual([
      expect.stringContaining('的角色已改为“审批”'),
      expect.stringContaining('您已被移出企业账户'),
    ]);
    // A member removed may be invited again, and may make a company of their own.
    await joinCompany(admin, buyer, 'finance');
    expect((await buyer.browser.callOk(companyCalls.state, {})).myRole).toBe('finance');
  });

  it.each(['buyer', 'approver', 'finance'] as const)('refuses every management call to a %s', async (role) => {
    const { admin, members } = await companyWith([role, 'buyer']);
    const [member, other] = members;
    if (!member || !other) throw new Error('no members');
    const forbidden = { code: 403, errorCode: 'company.forbidden' };
    expect(await member.browser.call(companyCalls.invite, { phone: '13912345679', role: 'buyer' })).toMatchObject(forbidden);
    expect(await member.browser.call(companyCalls.changeRole, { userId: member.userId, role: 'admin' })).toMatchObject(forbidden);
    expect(await member.browser.call(companyCalls.changeRole, { userId: other.userId, role: 'finance' })).toMatchObject(forbidden);
    expect(await member.browser.call(companyCalls.removeMember, { userId: admin.userId })).toMatchObject(forbidden);
    const { invitations } = await admin.browser.callOk(companyCalls.invite, { phone: '13912345678', role: 'buyer' });
    expect(await member.browser.call(companyCalls.cancelInvitation, { invitationId: invitations[0]?.invitationId ?? 0 })).toMatchObject(forbidden);
    const seen = await member.browser.callOk(companyCalls.state, {});
    expect(seen.invitations).toEqual([]);
    expect(seen.members).toHaveLength(3);
    expect(seen.members.find((row) => row.userId === member.userId)?.role).toBe(role);
  });

  it('refuses management calls to a member without a company', async () => {
    const loner = await t.member();
    expect(await loner.browser.call(companyCalls.invite, { phone: '13912345677', role: 'buyer' })).toMatchObject({
      code: 403,
      errorCode: 'company.notInCompany',
    });
    expect(await loner.browser.call(companyCalls.removeMember, { userId: loner.userId })).toMatchObject({ errorCode: 'company.notInCompany' });
  });

  it('keeps the last admin: no demoting or removing them, themselves included', async () => {
    const { admin, members } = await companyWith(['finance']);
    expect(await admin.browser.call(companyCalls.changeRole, { userId: admin.userId, role: 'buyer' })).toMatchObject({
      code: 409,
      errorCode: 'company.lastAdmin',
    });
    expect(await admin.browser.call(companyCalls.removeMember, { userId: admin.userId })).toMatchObject({ code: 409, errorCode: 'company.lastAdmin' });
    const [finance] = members;
    if (!finance) throw new Error('no member');
    await admin.browser.callOk(companyCalls.changeRole, { userId: finance.userId, role: 'admin' });
    // With a second admin, the first may step down.
    expect((await admin.browser.callOk(companyCalls.changeRole, { userId: admin.userId, role: 'buyer' })).can.canManage).toBe(false);
    expect(await admin.browser.call(companyCalls.removeMember, { userId: finance.userId })).toMatchObject({ errorCode: 'company.forbidden' });
  });

  it('answers a member of another company as not found', async () => {
    const { admin } = await companyWith([]);
    const { members } = await companyWith(['buyer']);
    const stranger = members[0];
    if (!stranger) throw new Error('no member');
    expect(await admin.browser.call(companyCalls.removeMember, { userId: stranger.userId })).toMatchObject({ code: 404, errorCode: 'company.memberNotFound' });
    expect(await admin.browser.call(companyCalls.changeRole, { userId: stranger.userId, role: 'admin' })).toMatchObject({
      errorCode: 'company.memberNotFound',
    });
  });

  it('lets any member leave, telling the admins, but not the last admin', async () => {
    const { admin, members } = await companyWith(['finance']);
    const [finance] = members;
    if (!finance) throw new Error('no member');
    expect(await admin.browser.call(companyCalls.leave, {})).toMatchObject({ code: 409, errorCode: 'company.lastAdmin' });
    const left = await finance.browser.call(companyCalls.leave, {});
    expect(left).toMatchObject({ code: 1, msg: '已退出企业', data: { company: null, myRole: null } });
    expect((await admin.browser.callOk(companyCalls.state, {})).members).toHaveLength(1);
    const told = await t.db.kysely
      .selectFrom('messages')
      .select('msgContent')
      .where('userId', '=', admin.userId)
      .where('messageType', '=', MessageType.company)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    expect(told?.msgContent).toContain('已退出企业账户');
    expect(await finance.browser.call(companyCalls.leave, {})).toMatchObject({ code: 403, errorCode: 'company.notInCompany' });
  });

  it('lets only the admin change the name and contact, checked as on creation, the code staying', async () => {
    const { admin, members } = await companyWith(['buyer']);
    const [buyer] = members;
    if (!buyer) throw new Error('no member');
    const before = (await admin.browser.callOk(companyCalls.state, {})).company;
    const fields = { name: '深圳新名称电子有限公司', contactName: '刘工', contactPhone: '0755-8888 6666' };
    const saved = await admin.browser.call(companyCalls.update, fields);
    expect(saved).toMatchObject({ code: 1, msg: '企业信息已保存', data: { company: { ...fields, creditCode: before?.creditCode } } });
    expect(await admin.browser.call(companyCalls.update, { ...fields, contactPhone: '电话' })).toMatchObject({ code: 400 });
    expect(await admin.browser.call(companyCalls.update, { ...fields, name: '' })).toMatchObject({ code: 400, msg: '请输入企业名称' });
    expect(await buyer.browser.call(companyCalls.update, { ...fields, name: '采购改名' })).toMatchObject({ code: 403, errorCode: 'company.forbidden' });
    expect((await buyer.browser.callOk(companyCalls.state, {})).company?.name).toBe('深圳新名称电子有限公司');
  });
});
