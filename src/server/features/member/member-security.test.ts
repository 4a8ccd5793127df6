import { describe, expect, it } from 'vitest';
import { accountCalls } from '../../../contract/account-calls.ts';
import { SendMsgType } from '../../../contract/account.ts';
import { memberCalls } from '../../../contract/member-calls.ts';
import type { MemberSecurity } from '../../../contract/member.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import type { TestBrowser } from '../../testing/test-app.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { lastCodeOf, nextIp, nextPhone, outboxOf, registerMemberVia } from '../account/account.test-helpers.ts';
import { recordLogin } from '../account/login-record.service.ts';
import { deviceOf } from './user-agent.ts';

describe('member account security', () => {
  const t = useTestApp();

  /** A member registered with a password, logged in in a browser of its own address. */
  async function registered(password = 'abc12345') {
    const browser = t.browser(nextIp());
    const phone = nextPhone();
    const member = await registerMemberVia(t, browser, phone, password);
    return { browser, phone, ...member };
  }

  /** The phone's last code was sent long enough ago for another (the 60 s resend wait). */
  async function allowResend(phone: string) {
    await t.db.kysely.updateTable('smsCodes').set({ sentAt: 0 }).where('phone', '=', phone).execute();
  }

  async function sendOwnCode(member: { browser: TestBrowser; phone: string }, purpose: 'changePassword' | 'changePhoneOld'): Promise<string> {
    await allowResend(member.phone);
    expect(await member.browser.call(memberCalls.sendSecurityCode, { purpose })).toMatchObject({ code: 1, msg: '验证码发送成功' });
    return lastCodeOf(t, member.phone);
  }

  async function passwordLogin(phone: string, password: string) {
    const browser = t.browser(nextIp());
    const answer = await browser.call(accountCalls.doLogin, { loginType: 'password', userAccount: phone, password });
    return { browser, answer };
  }

  it('lists recent logins of every login path, newest first, with time, address and device', async () => {
    const member = await registered();
    await passwordLogin(member.phone, 'abc12345');
    const sms = t.browser(nextIp());
    await allowResend(member.phone);
    await sms.call(accountCalls.sendVerificationCode, { userAccount: member.phone, sendMsgType: SendMsgType.login });
    await sms.call(accountCalls.doLogin, { loginType: 'sms', userAccount: member.phone, smsCode: await lastCodeOf(t, member.phone) });
    const security = await member.browser.callOk(memberCalls.security, {});
    expect(security.recentLogins.map((login) => login.method)).toEqual(['短信登录', '密码登录', '注册']);
    expect(security.recentLogins[2]?.ip).toBe(member.browser.ip);
    expect(security.recentLogins[0]?.time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(security.otherSessionCount).toBe(2);
    const page = await member.browser.get('/user/security');
    expect(page.statusCode).toBe(200);
    expect(pageStateOf<{ security: MemberSecurity }>(page.body).data.security.recentLogins).toHaveLength(3);
    // Without WeChat configured the binding panel is hidden, not broken (wechat.test.ts shows it configured).
    expect(pageStateOf<{ wechat: unknown }>(page.body).data.wechat).toEqual({ isEnabled: false, binding: null });
    expect(page.body).not.toContain('微信绑定');
  });

  it('shows the last 10 and keeps the newest 50 per member', async () => {
    const member = await t.member();
    for (let index = 0; index < 55; index++) {
      await recordLogin(t.db.kysely, { userId: member.userId, method: 'password', ip: `10.9.9.${index}`, userAgent: undefined }, 1_700_000_000_000 + index);
    }
    const count = await t.db.kysely
      .selectFrom('loginRecords')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('userId', '=', member.userId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n as number | string)).toBe(50);
    const security = await member.browser.callOk(memberCalls.security, {});
    expect(security.recentLogins).toHaveLength(10);
    expect(security.recentLogins[0]).toMatchObject({ ip: '10.9.9.54', device: '未知设备', method: '密码登录' });
  });

  it('names the device from the user agent', () => {
    expect(deviceOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36')).toBe('Chrome · Windows');
    expect(
      deviceOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'),
    ).toBe('Safari · iOS');
    expect(deviceOf('Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36 MicroMessenger/8.0')).toBe('微信 · Android');
    expect(deviceOf('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/537.36 Chrome/120 Safari/537.36 Edg/120')).toBe('Edge · macOS');
    expect(deviceOf('')).toBe('未知设备');
  });

  it('changes the password with the old one; other browsers are logged out, this one stays', async () => {
    const member = await registered();
    const other = await passwordLogin(member.phone, 'abc12345');
    const answer = await member.browser.call(memberCalls.changePassword, { oldPassword: 'abc12345', newPassword: 'xyz98765' });
    expect(answer).toMatchObject({ code: 1, msg: '登录密码已修改，其他设备已退出登录', data: { hasPassword: true, otherSessionCount: 0 } });
    expect(await other.browser.post(memberCalls.security.path, {})).toMatchObject({ code: 401 });
    expect(await member.browser.call(memberCalls.security, {})).toMatchObject({ code: 1 });
    expect((await passwordLogin(member.phone, 'abc12345')).answer).toMatchObject({ errorCode: 'account.badCredentials' });
    expect((await passwordLogin(member.phone, 'xyz98765')).answer).toMatchObject({ code: 1 });
  });

  it.each([
    [{ oldPassword: 'wrong1234', newPassword: 'xyz98765' }, 400, '原密码错误', 'member.oldPasswordWrong'],
    [{ oldPassword: 'abc12345', newPassword: 'abc12345' }, 400, '新密码不能与原密码相同', 'member.samePassword'],
    [{ oldPassword: 'abc12345', newPassword: '12345678' }, 400, '密码须同时包含字母和数字', 'request.invalid'],
    [{ oldPassword: 'abc12345', newPassword: 'abcdefgh' }, 400, '密码须同时包含字母和数字', 'request.invalid'],
    [{ oldPassword: 'abc12345', newPassword: 'ab1' }, 400, '密码为6-20位字母或数字', 'request.invalid'],
    [{ oldPassword: 'abc12345', newPassword: 'abc123_45' }, 400, '密码为6-20位字母或数字', 'request.invalid'],
    [{ oldPassword: 'abc12345', newPassword: `a1${'b'.repeat(19)}` }, 400, '密码为6-20位字母或数字', 'request.invalid'],
    [{ newPassword: 'xyz98765' }, 400, '请输入原密码或短信验证码', 'request.invalid'],
    [{ smsCode: '12', newPassword: 'xyz98765' }, 400, '请输入4位短信验证码', 'request.invalid'],
  ])('refuses a password change %j', async (body, code, msg, errorCode) => {
    const member = await registered();
    expect(await member.browser.post(memberCalls.changePassword.path, body)).toMatchObject({ code, msg, errorCode });
  });

  it('changes the password with an SMS code sent to the member’s own phone', async () => {
    const member = await registered();
    await sendOwnCode(member, 'changePassword');
    const sent = (await outboxOf(t, member.phone)).at(-1);
    expect(sent?.content).toContain('修改登录密码');
    expect(await member.browser.call(memberCalls.changePassword, { smsCode: sent?.code === '0000' ? '1111' : '0000', newPassword: 'xyz98765' })).toMatchObject({
      errorCode: 'sms.codeWrong',
    });
    expect(await member.browser.call(memberCalls.changePassword, { smsCode: sent?.code ?? '', newPassword: 'xyz98765' })).toMatchObject({ code: 1 });
    expect((await passwordLogin(member.phone, 'xyz98765')).answer).toMatchObject({ code: 1 });
    // A login code is not a password-change code.
    expect(await member.browser.post(memberCalls.sendSecurityCode.path, { purpose: 'login' })).toMatchObject({ code: 400, msg: '验证码用途有误' });
  });

  it('sets a first password after a quick registration (SMS), then refuses a second first password', async () => {
    const member = await t.member();
    expect(await member.browser.call(memberCalls.changePassword, { oldPassword: 'whatever1', newPassword: 'xyz98765' })).toMatchObject({
      errorCode: 'member.oldPasswordWrong',
    });
    const code = await sendOwnCode(member, 'changePassword');
    expect(await member.browser.call(memberCalls.setPassword, { smsCode: code, newPassword: 'first123' })).toMatchObject({
      code: 1,
      msg: '登录密码已设置',
      data: { hasPassword: true },
    });
    expect((await passwordLogin(member.phone, 'first123')).answer).toMatchObject({ code: 1 });
    expect(await member.browser.call(memberCalls.setPassword, { smsCode: code, newPassword: 'again1234' })).toMatchObject({
      code: 409,
      msg: '您已设置登录密码，请通过修改密码更改',
      errorCode: 'member.passwordAlreadySet',
    });
  });

  it('changes the phone: the old phone’s code first, then the new, unregistered phone’s code', async () => {
    const member = await t.member();
    const newPhone = nextPhone();
    expect(await member.browser.call(memberCalls.sendNewPhoneCode, { phone: newPhone })).toMatchObject({
      errorCode: 'member.phoneChangeNotVerified',
      msg: '请先验证原手机号',
    });
    expect(await member.browser.call(memberCalls.changePhone, { phone: newPhone, smsCode: '1234' })).toMatchObject({
      errorCode: 'member.phoneChangeNotVerified',
    });

    expect(await member.browser.call(memberCalls.verifyOldPhone, { smsCode: await sendOwnCode(member, 'changePhoneOld') })).toMatchObject({
      code: 1,
      msg: '原手机号验证成功，请绑定新手机号',
    });
    const taken = await t.member();
    expect(await member.browser.call(memberCalls.sendNewPhoneCode, { phone: taken.phone })).toMatchObject({ code: 409, errorCode: 'member.phoneTaken' });
    expect(await member.browser.call(memberCalls.sendNewPhoneCode, { phone: member.phone })).toMatchObject({ errorCode: 'member.samePhone' });
    expect(await member.browser.post(memberCalls.sendNewPhoneCode.path, { phone: '1234' })).toMatchObject({
      msg: '请输入正确的手机号码',
      errorCode: 'request.invalid',
    });

    expect(await member.browser.call(memberCalls.sendNewPhoneCode, { phone: newPhone })).toMatchObject({ code: 1 });
    const sent = (await outboxOf(t, newPhone)).at(-1);
    expect(sent?.content).toContain('绑定新手机号');
    const answer = await member.browser.call(memberCalls.changePhone, { phone: newPhone, smsCode: sent?.code ?? '' });
    expect(answer).toMatchObject({ code: 1, msg: '手机号已更换', data: { maskedPhone: `${newPhone.slice(0, 3)}****${newPhone.slice(7)}` } });
    const row = await t.db.kysely.selectFrom('users').select('phone').where('id', '=', member.userId).executeTakeFirstOrThrow();
    expect(row.phone).toBe(newPhone);
    // The proof is spent: another change starts again from the old phone.
    expect(await member.browser.call(memberCalls.sendNewPhoneCode, { phone: nextPhone() })).toMatchObject({ errorCode: 'member.phoneChangeNotVerified' });
  });

  it('refuses a new phone registered between its code and the change (the unique phone decides)', async () => {
    const member = await t.member();
    expect(await member.browser.call(memberCalls.verifyOldPhone, { smsCode: await sendOwnCode(member, 'changePhoneOld') })).toMatchObject({ code: 1 });
    const newPhone = nextPhone();
    expect(await member.browser.call(memberCalls.sendNewPhoneCode, { phone: newPhone })).toMatchObject({ code: 1 });
    await t.member({ phone: newPhone });
    expect(await member.browser.call(memberCalls.changePhone, { phone: newPhone, smsCode: await lastCodeOf(t, newPhone) })).toMatchObject({
      code: 409,
      msg: '该手机号已注册，请更换其他手机号',
      errorCode: 'member.phoneTaken',
    });
  });

  it('logs out every other browser of the member and keeps this one', async () => {
    const member = await registered();
    const first = await passwordLogin(member.phone, 'abc12345');
    const second = await passwordLogin(member.phone, 'abc12345');
    expect((await member.browser.callOk(memberCalls.security, {})).otherSessionCount).toBe(2);
    expect(await member.browser.call(memberCalls.endOtherSessions, {})).toMatchObject({ code: 1, msg: '已退出其他设备的登录', data: { otherSessionCount: 0 } });
    expect(await first.browser.post(memberCalls.security.path, {})).toMatchObject({ code: 401 });
    expect(await second.browser.post(memberCalls.security.path, {})).toMatchObject({ code: 401 });
    expect(await member.browser.call(memberCalls.security, {})).toMatchObject({ code: 1 });
  });
});
