import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountCalls } from '../../../contract/account-calls.ts';
import { SendMsgType } from '../../../contract/account.ts';
import type { TestBrowser } from '../../testing/test-app.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { demoMember, seedDemoMembers } from './account.seed.ts';
import { nextIp, nextPhone, otherCode, registerMemberVia, sendCode } from './account.test-helpers.ts';

describe('login, logout and finding a password', () => {
  const t = useTestApp();
  afterEach(() => {
    vi.useRealTimers();
  });
  const browser = (ip = nextIp()) => t.browser(ip);

  async function newMember(password = 'abc12345') {
    const phone = nextPhone();
    const member = await registerMemberVia(t, browser(), phone, password);
    // As if the registration code was sent over a minute ago: the next code may be sent now.
    await t.db.kysely
      .updateTable('smsCodes')
      .set({ sentAt: Date.now() - 61_000 })
      .where('phone', '=', phone)
      .execute();
    return { phone, password, ...member };
  }

  const passwordLogin = (b: TestBrowser, userAccount: string, password: string) =>
    b.call(accountCalls.doLogin, { loginType: 'password', userAccount, password });

  describe('password login', () => {
    it('logs in with phone and password: the session is rotated and pages show the member', async () => {
      const member = await newMember();
      const b = browser();
      await b.get('/');
      const anonymousSid = b.cookie('sid');
      const answer = await passwordLogin(b, member.phone, member.password);
      expect(answer).toEqual({ code: 1, data: { nickName: member.nickName, userNumber: member.userNumber }, msg: '登录成功' });
      expect(b.cookie('sid')).not.toBe(anonymousSid);
      const page = await b.get('/user/person');
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(member.userNumber);
    });

    it('logs in with the user number, in any letter case', async () => {
      const member = await newMember();
      expect(await passwordLogin(browser(), member.userNumber.toLowerCase(), member.password)).toMatchObject({ code: 1 });
    });

    it('gives the same message for an unknown phone and a wrong password', async () => {
      const member = await newMember();
      const wrongPassword = await passwordLogin(browser(), member.phone, 'wrong1234');
      const unknownPhone = await passwordLogin(browser(), nextPhone(), 'wrong1234');
      expect(wrongPassword).toMatchObject({ code: 400, msg: '账号或密码错误', errorCode: 'account.badCredentials' });
      expect(unknownPhone).toEqual(wrongPassword);
    });

    it('locks a member for the rest of the 15-minute window after 5 failures, even for the right password', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Math.ceil(Date.now() / 900_000) * 900_000 + 1000);
      const member = await newMember();
      for (let attempt = 0; attempt < 5; attempt++) {
        // Different addresses, phone and user number in turn: all count against the one member.
        const account = attempt % 2 === 0 ? member.phone : member.userNumber;
        expect(await passwordLogin(browser(), account, `wrong${attempt}abc`)).toMatchObject({ msg: '账号或密码错误', errorCode: 'account.badCredentials' });
      }
      const locked = await passwordLogin(browser(), member.phone, member.password);
      expect(locked).toMatchObject({ code: 429, msg: '登录失败次数过多，账号已锁定，请15分钟后再试', errorCode: 'account.locked' });
      vi.setSystemTime(Date.now() + 900_000);
      expect(await passwordLogin(browser(), member.phone, member.password)).toMatchObject({ code: 1 });
    });

    it('locks an address after 20 failures across accounts', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Math.ceil(Date.now() / 900_000) * 900_000 + 1000);
      const member = await newMember();
      const ip = nextIp();
      for (let attempt = 0; attempt < 20; attempt++) {
        expect(await passwordLogin(browser(ip), nextPhone(), 'wrong1234')).toMatchObject({ code: 400, errorCode: 'account.badCredentials' });
      }
      expect(await passwordLogin(browser(ip), member.phone, member.password)).toMatchObject({ code: 429, errorCode: 'account.locked' });
      expect(await passwordLogin(browser(), member.phone, member.password)).toMatchObject({ code: 1 });
    });

    it.each([
      [{ loginType: 'password', userAccount: '', password: 'x' }, '请输入手机号或会员编号'],
      [{ loginType: 'password', userAccount: '13800138000' }, '请输入密码'],
      [{ loginType: 'password', userAccount: '13800138000', password: 'x'.repeat(65) }, '账号或密码错误'],
      [{ loginType: 'face', userAccount: '13800138000' }, '请选择登录方式'],
      [{ userAccount: '13800138000', password: 'abc' }, '请选择登录方式'],
    ])('refuses bad credentials %j', async (body, msg) => {
      expect(await browser().post(accountCalls.doLogin.path, body)).toMatchObject({ code: 400, msg, errorCode: 'request.invalid' });
    });

    it('logs in the seeded demo member', async () => {
      await seedDemoMembers(t.db);
      await seedDemoMembers(t.db);
      const answer = await passwordLogin(browser(), demoMember.phone, demoMember.password);
      expect(answer).toMatchObject({ code: 1, data: { nickName: '演示用户' } });
    });
  });

  describe('SMS-code login', () => {
    it('logs in with a login code', async () => {
      const member = await newMember();
      const b = browser();
      const smsCode = await sendCode(t, b, member.phone, SendMsgType.login);
      expect(await b.call(accountCalls.doLogin, { loginType: 'sms', userAccount: member.phone, smsCode })).toMatchObject({
        code: 1,
        data: { userNumber: member.userNumber },
      });
      expect((await b.get('/user/person')).statusCode).toBe(200);
    });

    it('refuses a wrong code', async () => {
      const member = await newMember();
      const b = browser();
      const smsCode = await sendCode(t, b, member.phone, SendMsgType.login);
      expect(await b.call(accountCalls.doLogin, { loginType: 'sms', userAccount: member.phone, smsCode: otherCode(smsCode) })).toMatchObject({
        code: 400,
        msg: '短信验证码错误',
        errorCode: 'sms.codeWrong',
      });
    });

    it('refuses a registration or find-password code', async () => {
      const member = await newMember();
      const b = browser();
      const smsCode = await sendCode(t, b, member.phone, SendMsgType.findPassword);
      expect(await b.call(accountCalls.doLogin, { loginType: 'sms', userAccount: member.phone, smsCode })).toMatchObject({
        code: 400,
        msg: '短信验证码已失效，请重新获取',
        errorCode: 'sms.codeExpired',
      });
    });

    it('sends no login code to an unregistered phone', async () => {
      const phone = nextPhone();
      expect(await browser().call(accountCalls.sendVerificationCode, { userAccount: phone, sendMsgType: SendMsgType.login })).toMatchObject({
        code: 400,
        msg: '该手机号未注册',
        errorCode: 'account.notRegistered',
      });
    });
  });

  describe('logout', () => {
    it('ends the session: member pages send the browser to login again', async () => {
      const member = await newMember();
      const b = browser();
      await passwordLogin(b, member.phone, member.password);
      const memberSid = b.cookie('sid');
      expect(await b.call(accountCalls.logout, {})).toEqual({ code: 1, data: null, msg: '' });
      expect(b.cookie('sid')).not.toBe(memberSid);
      const page = await b.get('/user/person');
      expect(page.statusCode).toBe(302);
      expect(page.headers.location).toBe('/account/login?return=%2Fuser%2Fperson');
      // The old sid is dead in the database, not just forgotten by this browser.
      const stale = await t.app.inject({ method: 'GET', url: '/user/person', headers: { cookie: `sid=${memberSid ?? ''}` } });
      expect(stale.statusCode).toBe(302);
    });

    it('is harmless for a visitor', async () => {
      expect(await browser().call(accountCalls.logout, {})).toMatchObject({ code: 1 });
    });
  });

  describe(accountCalls.findPassword.path, () => {
    it('sets a new password with a find-password code and ends every session of the member', async () => {
      const member = await newMember();
      const loggedIn = browser();
      await passwordLogin(loggedIn, member.phone, member.password);
      const b = browser();
      const smsCode = await sendCode(t, b, member.phone, SendMsgType.findPassword);
      expect(await b.call(accountCalls.findPassword, { phone: member.phone, smsCode, password: 'newpass99' })).toEqual({
        code: 1,
        data: null,
        msg: '密码重置成功，请使用新密码登录',
      });
      expect((await loggedIn.get('/user/person')).statusCode).toBe(302);
      expect(await passwordLogin(browser(), member.phone, member.password)).toMatchObject({ msg: '账号或密码错误', errorCode: 'account.badCredentials' });
      expect(await passwordLogin(browser(), member.phone, 'newpass99')).toMatchObject({ code: 1 });
    });

    it('refuses a wrong code and keeps the old password', async () => {
      const member = await newMember();
      const b = browser();
      const smsCode = await sendCode(t, b, member.phone, SendMsgType.findPassword);
      expect(await b.call(accountCalls.findPassword, { phone: member.phone, smsCode: otherCode(smsCode), password: 'newpass99' })).toMatchObject({
        code: 400,
        msg: '短信验证码错误',
        errorCode: 'sms.codeWrong',
      });
      expect(await passwordLogin(browser(), member.phone, member.password)).toMatchObject({ code: 1 });
    });

    it('refuses a login code', async () => {
      const member = await newMember();
      const b = browser();
      const smsCode = await sendCode(t, b, member.phone, SendMsgType.login);
      expect(await b.call(accountCalls.findPassword, { phone: member.phone, smsCode, password: 'newpass99' })).toMatchObject({
        code: 400,
        msg: '短信验证码已失效，请重新获取',
        errorCode: 'sms.codeExpired',
      });
    });

    it("refuses an unregistered phone and a weak password; without a code, a phone is answered alike whether a member's or not", async () => {
      const b = browser();
      const member = await newMember();
      for (const phone of [nextPhone(), member.phone]) {
        expect(await b.call(accountCalls.findPassword, { phone, smsCode: '1234', password: 'newpass99' })).toMatchObject({
          code: 400,
          msg: '短信验证码已失效，请重新获取',
          errorCode: 'sms.codeExpired',
        });
      }
      expect(await b.call(accountCalls.sendVerificationCode, { userAccount: nextPhone(), sendMsgType: SendMsgType.findPassword })).toMatchObject({
        code: 400,
        msg: '该手机号未注册',
        errorCode: 'account.notRegistered',
      });
      expect(await b.call(accountCalls.findPassword, { phone: nextPhone(), smsCode: '1234', password: 'short' })).toMatchObject({
        code: 400,
        msg: '密码为6-20位字母或数字',
        errorCode: 'request.invalid',
      });
    });

    it('gives a quick-registered member a first password', async () => {
      const b = browser();
      const phone = nextPhone();
      const registerCode = await sendCode(t, b, phone, SendMsgType.register);
      await b.call(accountCalls.quickRegister, { phone, smsCode: registerCode });
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 61_000);
      const smsCode = await sendCode(t, b, phone, SendMsgType.findPassword);
      expect(await b.call(accountCalls.findPassword, { phone, smsCode, password: 'first123' })).toMatchObject({ code: 1 });
      expect(await passwordLogin(browser(), phone, 'first123')).toMatchObject({ code: 1 });
    });
  });
});
