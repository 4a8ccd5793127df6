import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountCalls } from '../../../contract/account-calls.ts';
import { SendMsgType } from '../../../contract/account.ts';
import { createMember } from '../../testing/factories.ts';
import type { TestBrowser } from '../../testing/test-app.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { findUserByPhone } from './account.repository.ts';
import { lastCodeOf, nextIp, nextPhone, otherCode, outboxOf, registerMemberVia, sendCode } from './account.test-helpers.ts';

describe('registration calls', () => {
  const t = useTestApp();
  afterEach(() => {
    vi.useRealTimers();
  });
  const browser = () => t.browser(nextIp());

  describe(accountCalls.checkHasUser.path, () => {
    it('answers false for a new phone and true once it is registered', async () => {
      const b = browser();
      const phone = nextPhone();
      expect(await b.call(accountCalls.checkHasUser, { userPhone: phone })).toMatchObject({ code: 1, data: false });
      await registerMemberVia(t, b, phone);
      expect(await b.call(accountCalls.checkHasUser, { userPhone: phone })).toMatchObject({ code: 1, data: true });
    });

    it('refuses a malformed phone with a Chinese message', async () => {
      expect(await browser().call(accountCalls.checkHasUser, { userPhone: '12345' })).toMatchObject({
        code: 400,
        msg: '请输入正确的手机号码',
        errorCode: 'request.invalid',
      });
    });
  });

  describe('sendVerificationCode for registration', () => {
    it('sends a 4-digit code that names its purpose', async () => {
      const phone = nextPhone();
      const answer = await browser().call(accountCalls.sendVerificationCode, { userAccount: phone, sendMsgType: SendMsgType.register });
      expect(answer).toEqual({ code: 1, data: null, msg: '验证码发送成功' });
      const [message] = await outboxOf(t, phone);
      expect(message?.code).toMatch(/^\d{4}$/);
      expect(message?.content).toContain(`验证码为${message?.code ?? ''}`);
      expect(message?.content).toContain('注册');
    });

    it('refuses a registered phone with 此账号已注册 and sends nothing', async () => {
      const b = browser();
      const phone = nextPhone();
      await registerMemberVia(t, b, phone);
      const before = (await outboxOf(t, phone)).length;
      const answer = await b.call(accountCalls.sendVerificationCode, { userAccount: phone, sendMsgType: SendMsgType.register });
      expect(answer).toMatchObject({ code: 409, msg: '此账号已注册', errorCode: 'account.alreadyRegistered' });
      expect(await outboxOf(t, phone)).toHaveLength(before);
    });

    it.each([
      [{}, '请输入手机号码'],
      [{ userAccount: '1380013800', sendMsgType: 0 }, '请输入正确的手机号码'],
      [{ userAccount: '13800138000', sendMsgType: 8 }, '验证码类型有误'],
      [{ userAccount: '13800138000', sendMsgType: '0' }, '验证码类型有误'],
    ])('refuses bad input %j', async (body, msg) => {
      expect(await browser().post(accountCalls.sendVerificationCode.path, body)).toMatchObject({ code: 400, msg, errorCode: 'request.invalid' });
    });
  });

  describe(accountCalls.messageRegister.path, () => {
    it('registers with the SMS code, logs in, and gives a user number and a nickname', async () => {
      const b = browser();
      const phone = nextPhone();
      const smsCode = await sendCode(t, b, phone, SendMsgType.register);
      const answer = await b.call(accountCalls.messageRegister, { phone, smsCode, password: 'abc12345', inviter: 'U2601010001' });
      expect(answer).toMatchObject({ code: 1, msg: '注册成功' });
      expect(answer.data?.userNumber).toMatch(/^U\d{6}\d{4,}$/);
      expect(answer.data?.nickName).toBe(`${phone.slice(0, 3)}****${phone.slice(7)}`);
      const row = await findUserByPhone(t.db.kysely, phone);
      expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      const stored = await t.db.kysely.selectFrom('users').select('inviter').where('phone', '=', phone).executeTakeFirstOrThrow();
      // No member has that number: an unknown inviter is not kept (invite.test.ts covers a real one).
      expect(stored.inviter).toBeNull();
      const page = await b.get('/user/person');
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(answer.data?.userNumber);
    });

    it('refuses a wrong SMS code', async () => {
      const b = browser();
      const phone = nextPhone();
      const smsCode = await sendCode(t, b, phone, SendMsgType.register);
      const answer = await b.call(accountCalls.messageRegister, { phone, smsCode: otherCode(smsCode), password: 'abc12345' });
      expect(answer).toMatchObject({ code: 400, msg: '短信验证码错误', errorCode: 'sms.codeWrong' });
      expect(await findUserByPhone(t.db.kysely, phone)).toBeUndefined();
    });

    it('refuses a code when none was sent', async () => {
      const answer = await browser().call(accountCalls.messageRegister, { phone: nextPhone(), smsCode: '1234', password: 'abc12345' });
      expect(answer).toMatchObject({ code: 400, msg: '短信验证码已失效，请重新获取', errorCode: 'sms.codeExpired' });
    });

    it('refuses a code after 5 minutes', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const b = browser();
      const phone = nextPhone();
      const smsCode = await sendCode(t, b, phone, SendMsgType.register);
      vi.setSystemTime(Date.now() + 5 * 60_000 + 1);
      expect(await b.call(accountCalls.messageRegister, { phone, smsCode, password: 'abc12345' })).toMatchObject({
        code: 400,
        msg: '短信验证码已失效，请重新获取',
        errorCode: 'sms.codeExpired',
      });
    });

    it('accepts a code just before it expires', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const b = browser();
      const phone = nextPhone();
      const smsCode = await sendCode(t, b, phone, SendMsgType.register);
      vi.setSystemTime(Date.now() + 5 * 60_000 - 1000);
      expect(await b.call(accountCalls.messageRegister, { phone, smsCode, password: 'abc12345' })).toMatchObject({ code: 1 });
    });

    it('uses a code once: a second registration attempt with it is refused', async () => {
      const b = browser();
      const phone = nextPhone();
      const smsCode = await sendCode(t, b, phone, SendMsgType.register);
      expect(await b.call(accountCalls.messageRegister, { phone, smsCode, password: 'abc12345' })).toMatchObject({ code: 1 });
      await t.db.kysely.deleteFrom('users').where('phone', '=', phone).execute();
      expect(await browser().call(accountCalls.messageRegister, { phone, smsCode, password: 'abc12345' })).toMatchObject({
        code: 400,
        msg: '短信验证码已失效，请重新获取',
        errorCode: 'sms.codeExpired',
      });
    });

    it("checks the code before the phone: without one, a member's phone is answered like any other", async () => {
      const phone = nextPhone();
      await registerMemberVia(t, browser(), phone);
      const refusal = { code: 400, msg: '短信验证码已失效，请重新获取', errorCode: 'sms.codeExpired' };
      expect(await browser().call(accountCalls.messageRegister, { phone, smsCode: '1234', password: 'abc12345' })).toMatchObject(refusal);
      expect(await browser().call(accountCalls.messageRegister, { phone: nextPhone(), smsCode: '1234', password: 'abc12345' })).toMatchObject(refusal);
    });

    it('refuses with 此账号已注册 a phone registered after its code was sent', async () => {
      const b = browser();
      const phone = nextPhone();
      const smsCode = await sendCode(t, b, phone, SendMsgType.register);
      await createMember(t.db.kysely, { phone });
      expect(await b.call(accountCalls.messageRegister, { phone, smsCode, password: 'abc12345' })).toMatchObject({
        code: 409,
        msg: '此账号已注册',
        errorCode: 'account.alreadyRegistered',
      });
    });

    it.each([
      ['abc12', '密码为6-20位字母或数字'],
      ['abcdefgh', '密码须同时包含字母和数字'],
      ['12345678', '密码须同时包含字母和数字'],
      ['abc 12345', '密码为6-20位字母或数字'],
      ['a1'.repeat(11), '密码为6-20位字母或数字'],
    ])('refuses the password %j: %s', async (password, msg) => {
      expect(await browser().call(accountCalls.messageRegister, { phone: nextPhone(), smsCode: '1234', password })).toMatchObject({
        code: 400,
        msg,
        errorCode: 'request.invalid',
      });
    });

    it('refuses an SMS code that is not 4 digits', async () => {
      expect(await browser().call(accountCalls.messageRegister, { phone: nextPhone(), smsCode: '12345', password: 'abc12345' })).toMatchObject({
        code: 400,
        msg: '请输入4位短信验证码',
        errorCode: 'request.invalid',
      });
    });
  });

  describe(accountCalls.quickRegister.path, () => {
    it('registers without a password and logs in', async () => {
      const b = browser();
      const phone = nextPhone();
      const smsCode = await sendCode(t, b, phone, SendMsgType.register);
      const answer = await b.call(accountCalls.quickRegister, { phone, smsCode });
      expect(answer).toMatchObject({ code: 1, msg: '注册成功' });
      expect((await findUserByPhone(t.db.kysely, phone))?.passwordHash).toBeNull();
      expect((await b.get('/user/person')).statusCode).toBe(200);
      // No password yet: a password login is refused like any wrong password.
      const login = await browser().call(accountCalls.doLogin, { loginType: 'password', userAccount: phone, password: 'anything1' });
      expect(login).toMatchObject({ code: 400, msg: '账号或密码错误', errorCode: 'account.badCredentials' });
    });

    it('refuses a wrong code', async () => {
      const b = browser();
      const phone = nextPhone();
      const smsCode = await sendCode(t, b, phone, SendMsgType.register);
      expect(await b.call(accountCalls.quickRegister, { phone, smsCode: otherCode(smsCode) })).toMatchObject({
        code: 400,
        msg: '短信验证码错误',
        errorCode: 'sms.codeWrong',
      });
    });

    it('refuses missing fields', async () => {
      expect(await browser().post(accountCalls.quickRegister.path, { phone: nextPhone() })).toMatchObject({
        code: 400,
        msg: '请输入短信验证码',
        errorCode: 'request.invalid',
      });
    });

    it('gives each member a different user number', async () => {
      const first = await registerMemberVia(t, browser(), nextPhone());
      const second = await registerMemberVia(t, browser(), nextPhone());
      expect(first.userNumber).not.toBe(second.userNumber);
    });
  });

  describe('register, with the graphic code', () => {
    async function graphicAnswer(b: TestBrowser): Promise<string> {
      const image = await b.call(accountCalls.queryDynamicGraphCode, { phone: '', type: 0 });
      expect(image.code).toBe(1);
      expect(image.data?.image).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(Buffer.from(image.data?.image.split(',')[1] ?? '', 'base64').toString()).toContain('<svg');
      const dev = await b.get('/dev/graphic-code');
      const answer = dev.json<{ answer: string | null }>().answer;
      if (!answer) throw new Error('no graphic code stored');
      return answer;
    }

    it('registers with the right graphic code (any letter case) and SMS code', async () => {
      const b = browser();
      const phone = nextPhone();
      const graphCode = (await graphicAnswer(b)).toLowerCase();
      const smsCode = await sendCode(t, b, phone, SendMsgType.register);
      const answer = await b.call(accountCalls.register, { phone, graphCode, smsCode, password: 'abc12345', inviter: 'friend01' });
      expect(answer).toMatchObject({ code: 1, msg: '注册成功' });
      expect((await findUserByPhone(t.db.kysely, phone))?.nickName).toBeTruthy();
    });

    it('refuses a wrong graphic code, and spends it so a retry needs a new image', async () => {
      const b = browser();
      const phone = nextPhone();
      const right = await graphicAnswer(b);
      const smsCode = await sendCode(t, b, phone, SendMsgType.register);
      // 0 is never drawn (it looks like O), so this answer is always wrong.
      const wrong = '0000';
      expect(await b.call(accountCalls.register, { phone, graphCode: wrong, smsCode, password: 'abc12345' })).toMatchObject({
        code: 400,
        msg: '图形验证码错误',
        errorCode: 'graphCode.wrong',
      });
      expect(await b.call(accountCalls.register, { phone, graphCode: right, smsCode, password: 'abc12345' })).toMatchObject({
        code: 400,
        msg: '图形验证码已失效，请点击图片刷新',
        errorCode: 'graphCode.expired',
      });
      // The SMS code was not spent by the graphic-code failures.
      const fresh = await graphicAnswer(b);
      expect(await b.call(accountCalls.register, { phone, graphCode: fresh, smsCode, password: 'abc12345' })).toMatchObject({ code: 1 });
    });

    it('binds the graphic code to the browser session that asked for it', async () => {
      const owner = browser();
      const answer = await graphicAnswer(owner);
      const stranger = browser();
      const phone = nextPhone();
      const smsCode = await sendCode(t, stranger, phone, SendMsgType.register);
      expect(await stranger.call(accountCalls.register, { phone, graphCode: answer, smsCode, password: 'abc12345' })).toMatchObject({
        code: 400,
        msg: '图形验证码已失效，请点击图片刷新',
        errorCode: 'graphCode.expired',
      });
    });

    it('binds a graphic code requested for a phone to that phone', async () => {
      const b = browser();
      const phone = nextPhone();
      await b.call(accountCalls.queryDynamicGraphCode, { phone, type: 0 });
      const answer = (await b.get('/dev/graphic-code')).json<{ answer: string }>().answer;
      const other = nextPhone();
      const smsCode = await sendCode(t, b, other, SendMsgType.register);
      expect(await b.call(accountCalls.register, { phone: other, graphCode: answer, smsCode, password: 'abc12345' })).toMatchObject({
        code: 400,
        msg: '图形验证码已失效，请点击图片刷新',
        errorCode: 'graphCode.expired',
      });
    });

    it('refuses a graphic code older than 5 minutes', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const b = browser();
      const answer = await graphicAnswer(b);
      vi.setSystemTime(Date.now() + 5 * 60_000 + 1);
      const phone = nextPhone();
      const smsCode = await sendCode(t, b, phone, SendMsgType.register);
      expect(await b.call(accountCalls.register, { phone, graphCode: answer, smsCode, password: 'abc12345' })).toMatchObject({
        code: 400,
        msg: '图形验证码已失效，请点击图片刷新',
        errorCode: 'graphCode.expired',
      });
    });

    it('refuses a missing graphic code and a bad graphic-code type', async () => {
      const b = browser();
      expect(await b.post(accountCalls.register.path, { phone: nextPhone(), smsCode: '1234', password: 'abc12345' })).toMatchObject({
        code: 400,
        msg: '请输入图形验证码',
        errorCode: 'request.invalid',
      });
      expect(await b.post(accountCalls.queryDynamicGraphCode.path, { type: 'x' })).toMatchObject({
        code: 400,
        msg: '图形验证码类型有误',
        errorCode: 'request.invalid',
      });
      expect(await b.call(accountCalls.queryDynamicGraphCode, { phone: '123' })).toMatchObject({
        code: 400,
        msg: '请输入正确的手机号码',
        errorCode: 'request.invalid',
      });
    });

    it('checks the graphic code before the SMS code', async () => {
      const b = browser();
      const phone = nextPhone();
      await graphicAnswer(b);
      const smsCode = await sendCode(t, b, phone, SendMsgType.register);
      await b.call(accountCalls.register, { phone, graphCode: '0000', smsCode: otherCode(smsCode), password: 'abc12345' });
      const row = await t.db.kysely.selectFrom('smsCodes').select('failedAttempts').where('phone', '=', phone).executeTakeFirstOrThrow();
      expect(row.failedAttempts).toBe(0);
      expect(await lastCodeOf(t, phone)).toBe(smsCode);
    });
  });
});
