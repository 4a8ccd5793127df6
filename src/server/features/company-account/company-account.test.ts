import { describe, expect, it } from 'vitest';
import type { CompanyPageData } from '../../../contract/company-account.ts';
import { companyCalls } from '../../../contract/company-account-calls.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { createTestCompany, uniqueCreditCode } from './testing/company-fixture.ts';

const t = useTestApp();

const huawei = { name: '华为技术有限公司', creditCode: '914403001922038216', contactName: '张工', contactPhone: '0755-28780808' };

describe('企业账户: creating a company', () => {
  it('sends visitors to the login page and answers 401 to their calls', async () => {
    const visitor = t.browser();
    const page = await visitor.get('/user/company');
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe('/account/login?return=%2Fuser%2Fcompany');
    expect(await visitor.call(companyCalls.create, huawei)).toMatchObject({ code: 401 });
    expect(await visitor.call(companyCalls.state, {})).toMatchObject({ code: 401 });
  });

  it('shows a member without a company the form, and nothing else changes for them', async () => {
    const member = await t.member();
    const page = await member.browser.get('/user/company');
    expect(page.statusCode).toBe(200);
    expect(pageStateOf<CompanyPageData>(page.body).data).toEqual({
      company: null,
      myRole: null,
      can: { canManage: false, canSeeOrders: false, canSeeInvoices: false, canChangeLists: false, canApprove: false, canSetThreshold: false },
      members: [],
      invitations: [],
      myInvitations: [],
    });
    expect(page.body).toContain('创建企业账户');
  });

  it('makes the creator its 管理员, keeping the code in capitals without spaces', async () => {
    const member = await t.member({ nickName: '王采购' });
    const answer = await member.browser.call(companyCalls.create, { ...huawei, creditCode: ' 9144 0300 1922 0382 16 ' });
    expect(answer).toMatchObject({ code: 1, msg: '企业账户已创建，您是企业管理员' });
    expect(answer.data?.company).toMatchObject({
      name: '华为技术有限公司',
      creditCode: '914403001922038216',
      contactName: '张工',
      contactPhone: '0755-28780808',
    });
    expect(answer.data?.myRole).toBe('admin');
    expect(answer.data?.can).toEqual({
      canManage: true,
      canSeeOrders: true,
      canSeeInvoices: true,
      canChangeLists: true,
      canApprove: true,
      canSetThreshold: true,
    });
    expect(answer.data?.members).toEqual([expect.objectContaining({ userId: member.userId, displayName: '王采购', role: 'admin', isMe: true })]);
    const page = pageStateOf<CompanyPageData>((await member.browser.get('/user/company')).body).data;
    expect(page.company?.name).toBe('华为技术有限公司');
  });

  it('takes the contact as optional and a lower-case code as the same code', async () => {
    const member = await t.member();
    const data = await member.browser.callOk(companyCalls.create, { name: '深圳市腾讯计算机系统有限公司', creditCode: '91440300708461136t' });
    expect(data.company).toMatchObject({ creditCode: '91440300708461136T', contactName: '', contactPhone: '' });
  });

  it.each([
    [{ creditCode: '914403001922038217' }, '统一社会信用代码校验位不正确，请核对'],
    [{ creditCode: '9144030019220382' }, '统一社会信用代码应为18位'],
    [{ creditCode: '91440300192203821I' }, '统一社会信用代码只含数字和大写字母（不含 I、O、Z、S、V）'],
    [{ creditCode: '' }, '请输入统一社会信用代码'],
    [{ name: '   ' }, '请输入企业名称'],
    [{ name: '企'.repeat(61) }, '企业名称不能超过60个字'],
    [{ contactPhone: 'abc' }, '联系电话只能包含数字、空格、“-”和“+”，5至20位'],
  ])('refuses %j with a clear message', async (change, msg) => {
    const member = await t.member();
    expect(await member.browser.call(companyCalls.create, { ...huawei, ...change })).toMatchObject({ code: 400, msg });
    expect((await member.browser.callOk(companyCalls.state, {})).company).toBeNull();
  });

  it('refuses a body the form would not send, never a 5xx', async () => {
    const member = await t.member();
    expect(await member.browser.post(companyCalls.create.path, { name: 5, creditCode: ['x'] })).toMatchObject({ code: 400 });
    expect(await member.browser.post(companyCalls.invite.path, { phone: 13800138000, role: 'boss' })).toMatchObject({ code: 400 });
  });

  it('refuses a second company to a member who has one, and a code another company holds', async () => {
    const admin = await t.member();
    const { company } = await createTestCompany(admin);
    expect(await admin.browser.call(companyCalls.create, { name: '另一家', creditCode: uniqueCreditCode() })).toMatchObject({
      code: 409,
      errorCode: 'company.alreadyInCompany',
    });
    const other = await t.member();
    expect(await other.browser.call(companyCalls.create, { name: '冒名', creditCode: company?.creditCode ?? '' })).toMatchObject({
      code: 409,
      errorCode: 'company.creditCodeTaken',
    });
    expect((await other.browser.callOk(companyCalls.state, {})).company).toBeNull();
  });
});
