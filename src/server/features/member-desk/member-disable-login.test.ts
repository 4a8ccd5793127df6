import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SendMsgType } from '../../../contract/account.ts';
import { accountCalls } from '../../../contract/account-calls.ts';
import { memberDeskCalls } from '../../../contract/console/member-desk-calls.ts';
import { wechatCalls } from '../../../contract/wechat-calls.ts';
import type { TestBrowser } from '../../testing/test-app.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { nextIp, registerMemberVia, sendCode } from '../account/account.test-helpers.ts';
import { signedInStaff } from '../staff/testing/staff-browser.ts';
import { fakeWechatEnv, startFakeWechatServer, type FakeWechatServer } from '../wechat/testing/fake-wechat-server.ts';
import { approveAtWechat, openCallback } from '../wechat/testing/wechat-scan.ts';

const env: Record<string, string> = {};
let fake: FakeWechatServer;
beforeAll(async () => {
  fake = await startFakeWechatServer();
  Object.assign(env, fakeWechatEnv(fake.url));
});
afterAll(async () => {
  await fake.close();
});

const disabledMessage = '该账号已被停用，如有疑问请联系客服';

describe('a member staff disabled cannot log in by any path', () => {
  const t = useTestApp({ app: { env } });
  let phoneSequence = 0;
  const nextPhone = () => `135${String(++phoneSequence).padStart(8, '0')}`;

  async function registered() {
    const phone = nextPhone();
    const browser = t.browser(nextIp());
    const member = await registerMemberVia(t, browser, phone, 'abc12345');
    // The registration's code would hold the phone's next code back for 60 seconds.
    await t.db.kysely.deleteFrom('smsCodes').where('phone', '=', phone).execute();
    const { id } = await t.db.kysely.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow();
    return { phone, browser, userId: id, ...member };
  }

  async function disable(userId: number) {
    const staff = await signedInStaff(t.app, t.db.kysely, 'service');
    expect(await staff.browser.call(memberDeskCalls.setDisabled, { userId, isDisabled: true })).toMatchObject({ code: 1 });
    return staff;
  }

  async function scanToLogin(browser: TestBrowser, unionid: string) {
    const info = await browser.callOk(wechatCalls.getWechatScanInfo, { returnPath: '/cart' });
    fake.setNextIdentity({ unionid, nickname: '微信用户' });
    return openCallback(browser, await approveAtWechat(info.url));
  }

  const sessionsOf = (userId: number) => t.db.kysely.selectFrom('sessions').select('id').where('userId', '=', userId).execute();

  it('refuses the password login (by phone and by user number) with a Chinese message, after the password proved right', async () => {
    const member = await registered();
    const staff = await disable(member.userId);
    expect(await sessionsOf(member.userId)).toEqual([]);
    const byPhone = await t.browser(nextIp()).call(accountCalls.doLogin, { loginType: 'password', userAccount: member.phone, password: 'abc12345' });
    expect(byPhone).toMatchObject({ code: 403, msg: disabledMessage, errorCode: 'account.disabled' });
    const byNumber = await t.browser(nextIp()).call(accountCalls.doLogin, { loginType: 'password', userAccount: member.userNumber, password: 'abc12345' });
    expect(byNumber).toMatchObject({ code: 403, msg: disabledMessage });
    // A wrong password says nothing about the account being disabled.
    expect(await t.browser(nextIp()).call(accountCalls.doLogin, { loginType: 'password', userAccount: member.phone, password: 'wrong1234' })).toMatchObject({
      code: 400,
      msg: '账号或密码错误',
    });
    expect(await sessionsOf(member.userId)).toEqual([]);
    expect(await staff.browser.call(memberDeskCalls.setDisabled, { userId: member.userId, isDisabled: false })).toMatchObject({ code: 1 });
    expect(await t.browser(nextIp()).call(accountCalls.doLogin, { loginType: 'password', userAccount: member.phone, password: 'abc12345' })).toMatchObject({
      code: 1,
    });
  });

  it('refuses the SMS login', async () => {
    const member = await registered();
    await disable(member.userId);
    const browser = t.browser(nextIp());
    const smsCode = await sendCode(t, browser, member.phone, SendMsgType.login);
    expect(await browser.call(accountCalls.doLogin, { loginType: 'sms', userAccount: member.phone, smsCode })).toMatchObject({
      code: 403,
      msg: disabledMessage,
    });
    expect(await sessionsOf(member.userId)).toEqual([]);
  });

  it('refuses the WeChat scan login and a WeChat registration onto the disabled phone', async () => {
    const member = await registered();
    const bind = await member.browser.callOk(wechatCalls.bindWechatInfo, { action: 'bind' });
    fake.setNextIdentity({ unionid: 'union-disabled', nickname: '微信用户' });
    await openCallback(member.browser, await approveAtWechat(bind?.url ?? ''));
    await disable(member.userId);
    const scan = await scanToLogin(t.browser(nextIp()), 'union-disabled');
    expect(scan.status).toBe(400);
    expect(scan.body).toContain(disabledMessage);
    expect(await sessionsOf(member.userId)).toEqual([]);

    const other = await registered();
    await disable(other.userId);
    const browser = t.browser(nextIp());
    await scanToLogin(browser, 'union-new-for-disabled');
    const smsCode = await sendCode(t, browser, other.phone, SendMsgType.wechat);
    expect(await browser.call(wechatCalls.wechatRegister, { phone: other.phone, smsCode })).toMatchObject({ code: 403, msg: disabledMessage });
    expect(await sessionsOf(other.userId)).toEqual([]);
  });

  it('ends the session of a login racing the disable (no session outlives a disable)', async () => {
    for (let round = 0; round < 4; round += 1) {
      const member = await registered();
      const staff = await signedInStaff(t.app, t.db.kysely, 'service');
      const [login] = await Promise.all([
        t.browser(nextIp()).call(accountCalls.doLogin, { loginType: 'password', userAccount: member.phone, password: 'abc12345' }),
        staff.browser.call(memberDeskCalls.setDisabled, { userId: member.userId, isDisabled: true }),
      ]);
      expect([1, 403]).toContain(login.code);
      expect(await sessionsOf(member.userId)).toEqual([]);
    }
  });
});
