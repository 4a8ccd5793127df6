import { describe, expect, it } from 'vitest';
import { companyCalls } from '../../../contract/company-account-calls.ts';
import { companyInvitationValidityDays } from '../../../contract/company-invitation-lifecycle.ts';
import { MessageType } from '../../../contract/message.ts';
import { dayMs } from '../../../contract/time.ts';
import { createMember, signIn } from '../../testing/factories.ts';
import { useTestApp, type SignedInMember } from '../../testing/use-test-app.ts';
import { createTestCompany, joinCompany } from './testing/company-fixture.ts';

const t = useTestApp();

async function companyMessagesOf(userId: number): Promise<string[]> {
  const rows = await t.db.kysely
    .selectFrom('messages')
    .select('msgContent')
    .where('userId', '=', userId)
    .where('messageType', '=', MessageType.company)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.msgContent);
}

async function invitationIdOf(member: SignedInMember): Promise<number> {
  const invitation = (await member.browser.callOk(companyCalls.state, {})).myInvitations[0];
  if (!invitation) throw new Error('no invitation');
  return invitation.invitationId;
}

describe('企业账户: invitations by phone', () => {
  it('invites an existing member, who sees it, is told, accepts with the role, and the admin is told', async () => {
    const admin = await t.member({ nickName: '李管理' });
    await createTestCompany(admin, '深圳芯联电子有限公司');
    const buyer = await t.member({ nickName: '赵采购' });
    const invited = await admin.browser.call(companyCalls.invite, { phone: buyer.phone, role: 'buyer' });
    expect(invited).toMatchObject({ code: 1, msg: '邀请已发送' });
    expect(invited.data?.invitations).toEqual([expect.objectContaining({ role: 'buyer', invitedByName: '李管理' })]);
    expect(invited.data?.invitations[0]?.maskedPhone).toMatch(/^\d{3}\*{4}\d{4}$/);

    const state = await buyer.browser.callOk(companyCalls.state, {});
    expect(state.company).toBeNull();
    expect(state.myInvitations).toEqual([expect.objectContaining({ companyName: '深圳芯联电子有限公司', role: 'buyer', invitedByName: '李管理' })]);
    expect(await companyMessagesOf(buyer.userId)).toEqual([expect.stringContaining('深圳芯联电子有限公司 邀请您以“采购”身份加入企业账户')]);

    const accepted = await buyer.browser.call(companyCalls.acceptInvitation, { invitationId: state.myInvitations[0]?.invitationId ?? 0 });
    expect(accepted).toMatchObject({
      code: 1,
      msg: '已加入企业',
      data: { myRole: 'buyer', can: { canManage: false, canSeeOrders: false, canChangeLists: true } },
    });
    expect(accepted.data?.invitations).toEqual([]);
    expect(accepted.data?.members.map((member) => [member.displayName, member.role])).toEqual([
      ['李管理', 'admin'],
      ['赵采购', 'buyer'],
    ]);
    expect(await companyMessagesOf(admin.userId)).toEqual([expect.stringContaining('赵采购 已接受邀请，以“采购”身份加入 深圳芯联电子有限公司')]);
    expect((await admin.browser.callOk(companyCalls.state, {})).invitations).toEqual([]);
  });

  it('shows an invitation to a phone that registers later', async () => {
    const admin = await t.member();
    await createTestCompany(admin);
    const phone = '13912345670';
    await admin.browser.callOk(companyCalls.invite, { phone, role: 'finance' });
    const later = await createMember(t.db.kysely, { phone });
    const browser = t.browser();
    await signIn(browser, t.db.kysely, later.userId);
    const page = await browser.get('/user/company');
    expect(page.body).toContain('企业邀请');
    const invitationId = (await browser.callOk(companyCalls.state, {})).myInvitations[0]?.invitationId ?? 0;
    expect((await browser.callOk(companyCalls.acceptInvitation, { invitationId })).myRole).toBe('finance');
  });

  it('declines, telling the admin; the declined invitation cannot be accepted', async () => {
    const admin = await t.member();
    await createTestCompany(admin, '杭州云芯科技有限公司');
    const member = await t.member();
    await admin.browser.callOk(companyCalls.invite, { phone: member.phone, role: 'approver' });
    const invitationId = await invitationIdOf(member);
    expect(await member.browser.call(companyCalls.declineInvitation, { invitationId })).toMatchObject({
      code: 1,
      msg: '已拒绝邀请',
      data: { myInvitations: [] },
    });
    expect(await member.browser.call(companyCalls.acceptInvitation, { invitationId })).toMatchObject({ code: 409, errorCode: 'company.invitationNotPending' });
    expect(await companyMessagesOf(admin.userId)).toEqual([expect.stringContaining('拒绝了加入 杭州云芯科技有限公司 的邀请')]);
    expect((await member.browser.callOk(companyCalls.state, {})).company).toBeNull();
  });

  it('lets the admin withdraw an invitation, telling the invited member', async () => {
    const admin = await t.member();
    await createTestCompany(admin, '苏州微电子有限公司');
    const member = await t.member();
    const { invitations } = await admin.browser.callOk(companyCalls.invite, { phone: member.phone, role: 'buyer' });
    const invitationId = invitations[0]?.invitationId ?? 0;
    expect(await admin.browser.call(companyCalls.cancelInvitation, { invitationId })).toMatchObject({ code: 1, msg: '邀请已撤回', data: { invitations: [] } });
    expect((await member.browser.callOk(companyCalls.state, {})).myInvitations).toEqual([]);
    expect(await member.browser.call(companyCalls.acceptInvitation, { invitationId })).toMatchObject({ errorCode: 'company.invitationNotPending' });
    expect((await companyMessagesOf(member.userId)).at(-1)).toBe('苏州微电子有限公司 已撤回对您的企业账户邀请。');
    expect(await admin.browser.call(companyCalls.cancelInvitation, { invitationId })).toMatchObject({ errorCode: 'company.invitationNotPending' });
  });

  it('refuses to invite oneself, a member already in, or the same phone twice', async () => {
    const admin = await t.member();
    await createTestCompany(admin);
    const member = await t.member();
    await joinCompany(admin, member, 'buyer');
    expect(await admin.browser.call(companyCalls.invite, { phone: admin.phone, role: 'buyer' })).toMatchObject({ code: 400, errorCode: 'company.selfInvite' });
    expect(await admin.browser.call(companyCalls.invite, { phone: member.phone, role: 'buyer' })).toMatchObject({
      code: 409,
      errorCode: 'company.alreadyMember',
    });
    await admin.browser.callOk(companyCalls.invite, { phone: '13912345671', role: 'buyer' });
    expect(await admin.browser.call(companyCalls.invite, { phone: '13912345671', role: 'finance' })).toMatchObject({
      code: 409,
      errorCode: 'company.alreadyInvited',
    });
    expect(await admin.browser.call(companyCalls.invite, { phone: '1391234567', role: 'buyer' })).toMatchObject({ code: 400, msg: '请输入正确的手机号码' });
  });

  it('answers another member’s invitation as one that does not exist', async () => {
    const admin = await t.member();
    await createTestCompany(admin);
    const invited = await t.member();
    const stranger = await t.member();
    await admin.browser.callOk(companyCalls.invite, { phone: invited.phone, role: 'buyer' });
    const invitationId = await invitationIdOf(invited);
    expect(await stranger.browser.call(companyCalls.acceptInvitation, { invitationId })).toMatchObject({ code: 404, errorCode: 'company.invitationNotFound' });
    expect(await stranger.browser.call(companyCalls.declineInvitation, { invitationId })).toMatchObject({ code: 404, errorCode: 'company.invitationNotFound' });
    const otherAdmin = await t.member();
    await createTestCompany(otherAdmin);
    expect(await otherAdmin.browser.call(companyCalls.cancelInvitation, { invitationId })).toMatchObject({
      code: 404,
      errorCode: 'company.invitationNotFound',
    });
  });

  it('refuses an invitation to a member who joined another company meanwhile', async () => {
    const first = await t.member();
    await createTestCompany(first);
    const second = await t.member();
    await createTestCompany(second);
    const member = await t.member();
    await first.browser.callOk(companyCalls.invite, { phone: member.phone, role: 'buyer' });
    await second.browser.callOk(companyCalls.invite, { phone: member.phone, role: 'finance' });
    const [a, b] = (await member.browser.callOk(companyCalls.state, {})).myInvitations;
    await member.browser.callOk(companyCalls.acceptInvitation, { invitationId: a?.invitationId ?? 0 });
    expect(await member.browser.call(companyCalls.acceptInvitation, { invitationId: b?.invitationId ?? 0 })).toMatchObject({
      code: 409,
      errorCode: 'company.alreadyInCompany',
    });
    expect(await member.browser.call(companyCalls.create, { name: '第三家', creditCode: '91110108551385082Q' })).toMatchObject({
      errorCode: 'company.alreadyInCompany',
    });
  });
  it('lets an invitation lapse after seven days: gone for the invitee, 已过期 for the admin, refused, and sent again', async () => {
    const admin = await t.member({ nickName: '钱管理' });
    await createTestCompany(admin);
    const buyer = await t.member();
    await admin.browser.callOk(companyCalls.invite, { phone: buyer.phone, role: 'buyer' });
    const invitationId = await invitationIdOf(buyer);
    const eightDaysAgo = Date.now() - (companyInvitationValidityDays + 1) * dayMs;
    await t.db.kysely.updateTable('companyAccountInvitations').set({ createdAt: eightDaysAgo }).where('id', '=', invitationId).execute();

    expect((await buyer.browser.callOk(companyCalls.state, {})).myInvitations).toEqual([]);
    expect((await admin.browser.callOk(companyCalls.state, {})).invitations).toEqual([expect.objectContaining({ invitationId, isExpired: true })]);
    expect(await buyer.browser.call(companyCalls.acceptInvitation, { invitationId })).toMatchObject({ code: 409, msg: '邀请已过期，不能接受邀请' });
    expect(await buyer.browser.call(companyCalls.declineInvitation, { invitationId })).toMatchObject({ code: 409, msg: '邀请已过期，不能拒绝邀请' });

    const again = await admin.browser.callOk(companyCalls.invite, { phone: buyer.phone, role: 'approver' });
    expect(again.invitations).toEqual([expect.objectContaining({ role: 'approver', isExpired: false })]);
    const statuses = await t.db.kysely.selectFrom('companyAccountInvitations').select('status').where('phone', '=', buyer.phone).orderBy('id').execute();
    expect(statuses.map((row) => row.status)).toEqual(['expired', 'pending']);
    await buyer.browser.callOk(companyCalls.acceptInvitation, { invitationId: await invitationIdOf(buyer) });
    expect((await buyer.browser.callOk(companyCalls.state, {})).myRole).toBe('approver');
  });
});
