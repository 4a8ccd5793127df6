import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SendMsgType } from '../../../contract/account.ts';
import { wechatCallbackPath, wechatErrors, wechatRegisterPath } from '../../../contract/wechat.ts';
import { wechatCalls } from '../../../contract/wechat-calls.ts';
import { sessionCookieName } from '../../http/session.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import type { TestBrowser } from '../../testing/test-app.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { sendCode } from '../account/account.test-helpers.ts';
import { fakeWechatEnv, startFakeWechatServer, type FakeWechatServer } from './testing/fake-wechat-server.ts';
import { approveAtWechat, openCallback } from './testing/wechat-scan.ts';
import { findWechatBinding } from './wechat.service.ts';

const env: Record<string, string> = {};
let fake: FakeWechatServer;
beforeAll(async () => {
  fake = await startFakeWechatServer();
  Object.assign(env, fakeWechatEnv(fake.url));
});
afterAll(async () => {
  await fake.close();
});

const t = useTestApp({ app: { env } });

let phoneSequence = 0;
const nextPhone = () => `136${String(++phoneSequence).padStart(8, '0')}`;

/** A login scan in `browser` as WeChat user `unionid`, up to the callback's answer. */
async function scanToLogin(browser: TestBrowser, unionid: string, returnPath = '/cart') {
  const info = await browser.callOk(wechatCalls.getWechatScanInfo, { returnPath });
  fake.setNextIdentity({ unionid, nickname: `昵称${unionid.slice(-4)}` });
  return openCallback(browser, await approveAtWechat(info.url));
}

async function registerThroughWechat(browser: TestBrowser, unionid: string, phone = nextPhone(), inviter?: string) {
  expect(await scanToLogin(browser, unionid)).toMatchObject({ status: 302, location: wechatRegisterPath });
  const smsCode = await sendCode(t, browser, phone, SendMsgType.wechat);
  return { phone, answer: await browser.call(wechatCalls.wechatRegister, { phone, smsCode, ...(inviter === undefined ? {} : { inviter }) }) };
}

/** A bind scan of the member signed in in `browser`, as WeChat user `unionid`. */
async function bindByScan(browser: TestBrowser, unionid: string, nickname?: string) {
  const info = await browser.callOk(wechatCalls.bindWechatInfo, { action: 'bind' });
  fake.setNextIdentity({ unionid, nickname });
  return openCallback(browser, await approveAtWechat(info?.url ?? ''));
}

describe('the login page', () => {
  it('offers WeChat login once the store is configured for it', async () => {
    const page = await t.browser().get('/account/login');
    expect(pageStateOf<{ isWechatEnabled: boolean }>(page.body).data.isWechatEnabled).toBe(true);
    expect(page.body).toContain('微信登录');
  });
});

describe('getWechatScanInfo', () => {
  it('answers a QR connect URL with a fresh state and the callback', async () => {
    const info = await t.browser().callOk(wechatCalls.getWechatScanInfo, {});
    const url = new URL(info.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.url}/connect/qrconnect`);
    expect(url.hash).toBe('#wechat_redirect');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ appid: env.WECHAT_APP_ID, response_type: 'code', scope: 'snsapi_login' });
    expect(url.searchParams.get('redirect_uri')).toMatch(new RegExp(`^http://[^/]+${wechatCallbackPath}$`));
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{32}$/);
    const stored = await t.db.kysely.selectFrom('wechatStates').select('stateHash').execute();
    expect(stored.map((row) => row.stateHash)).not.toContain(url.searchParams.get('state'));
  });
});

describe('a WeChat with no member', () => {
  it('is held for the session, shown on the register page, and becomes a new member logged in with phone + SMS code', async () => {
    const browser = t.browser();
    expect(await scanToLogin(browser, 'union-new-1')).toMatchObject({ status: 302, location: wechatRegisterPath });
    expect(await browser.callOk(wechatCalls.queryWechatRelevanceInfo, {})).toEqual({
      isLoggedIn: false,
      pending: { nickname: '昵称ew-1', headImgUrl: '', isBound: false },
      binding: null,
    });
    const page = await browser.get(wechatRegisterPath);
    expect(pageStateOf<{ profile: unknown; returnPath: string }>(page.body).data).toMatchObject({ profile: { nickname: '昵称ew-1' }, returnPath: '/cart' });

    const sidBefore = browser.cookie(sessionCookieName);
    const phone = nextPhone();
    const smsCode = await sendCode(t, browser, phone, SendMsgType.wechat);
    const answer = await browser.call(wechatCalls.wechatRegister, { phone, smsCode });
    expect(answer).toMatchObject({ code: 1, msg: '微信绑定成功', data: { nickName: '136****0001' } });
    expect(browser.cookie(sessionCookieName)).not.toBe(sidBefore);
    const relevance = await browser.callOk(wechatCalls.queryWechatRelevanceInfo, {});
    expect(relevance).toEqual({ isLoggedIn: true, pending: null, binding: { nickname: '昵称ew-1', headImgUrl: '' } });
    // The identity is spent: a second registration with it finds none.
    expect(await browser.call(wechatCalls.wechatRegister, { phone, smsCode })).toMatchObject({ errorCode: wechatErrors.noPending.errorCode });
  });

  it('makes the new member as a registration does: the new-member pack, and the inviter only when it is an earlier member', async () => {
    const inviter = await t.member();
    const invited = t.browser();
    const { phone, answer } = await registerThroughWechat(invited, 'union-invited', undefined, inviter.userNumber.toLowerCase());
    expect(answer).toMatchObject({ code: 1 });
    const row = await t.db.kysely.selectFrom('users').select(['id', 'inviter']).where('phone', '=', phone).executeTakeFirstOrThrow();
    expect(row.inviter).toBe(inviter.userNumber);
    const pack = await t.db.kysely.selectFrom('memberCoupons').select('id').where('userId', '=', row.id).execute();
    expect(pack.length).toBeGreaterThan(0);

    const stranger = await registerThroughWechat(t.browser(), 'union-stranger', undefined, 'U0000000000');
    expect(stranger.answer).toMatchObject({ code: 1 });
    const strangerRow = await t.db.kysely.selectFrom('users').select('inviter').where('phone', '=', stranger.phone).executeTakeFirstOrThrow();
    expect(strangerRow.inviter).toBeNull();
  });

  it('binds to the member who already has the phone (the SMS code proves it is theirs)', async () => {
    const member = await t.member({ phone: nextPhone() });
    const { answer } = await registerThroughWechat(t.browser(), 'union-existing', member.phone);
    expect(answer).toMatchObject({ code: 1, data: { userNumber: member.userNumber } });
    expect(await findWechatBinding(t.db.kysely, member.userId)).toEqual({ nickname: '昵称ting', headImgUrl: '' });
  });

  it('refuses a wrong SMS code, a phone bound to another WeChat, and a session that scanned nothing', async () => {
    const bound = await t.member({ phone: nextPhone() });
    await bindByScan(bound.browser, 'union-first-of-phone');
    const browser = t.browser();
    await scanToLogin(browser, 'union-second-of-phone');
    const smsCode = await sendCode(t, browser, bound.phone, SendMsgType.wechat);
    const wrong = smsCode === '0000' ? '1111' : '0000';
    expect(await browser.call(wechatCalls.wechatRegister, { phone: bound.phone, smsCode: wrong })).toMatchObject({ errorCode: 'sms.codeWrong' });
    expect(await browser.call(wechatCalls.wechatRegister, { phone: bound.phone, smsCode })).toMatchObject({
      code: 409,
      msg: '该手机号已绑定其他微信账号',
      errorCode: wechatErrors.phoneAlreadyBound.errorCode,
    });
    expect(await t.browser().call(wechatCalls.wechatRegister, { phone: nextPhone(), smsCode: '1234' })).toMatchObject({
      msg: '微信登录已失效，请重新扫码',
      errorCode: wechatErrors.noPending.errorCode,
    });
    expect((await t.browser().get(wechatRegisterPath)).body).toContain('微信登录已失效，请重新扫码');
  });
});

describe('a bound WeChat', () => {
  it('logs the member in (a new sid) and goes to the return path', async () => {
    const { phone } = await registerThroughWechat(t.browser(), 'union-login');
    const browser = t.browser();
    await browser.get('/');
    const sidBefore = browser.cookie(sessionCookieName);
    expect(await scanToLogin(browser, 'union-login', '/user/order/list')).toMatchObject({ status: 302, location: '/user/order/list' });
    expect(browser.cookie(sessionCookieName)).not.toBe(sidBefore);
    expect(await browser.callOk(wechatCalls.queryWechatRelevanceInfo, {})).toMatchObject({ isLoggedIn: true, binding: { nickname: '昵称ogin' } });
    const sessionsOfMember = await t.db.kysely
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.userId')
      .select('sessions.id')
      .where('users.phone', '=', phone)
      .execute();
    expect(sessionsOfMember).toHaveLength(2);
    const logins = await t.db.kysely
      .selectFrom('loginRecords')
      .innerJoin('users', 'users.id', 'loginRecords.userId')
      .select('loginRecords.method')
      .where('users.phone', '=', phone)
      .execute();
    expect(logins.map((login) => login.method)).toEqual(['wechat', 'wechat']);
  });
});

describe('bindWechatInfo', () => {
  it('binds the logged-in member by a bind scan, refuses a second binding, and unbinds', async () => {
    const member = await t.member();
    expect((await member.browser.callOk(wechatCalls.bindWechatInfo, { action: 'bind' }))?.url).toContain('/connect/qrconnect?');
    expect(await bindByScan(member.browser, 'union-bind', '小芯')).toMatchObject({ status: 302, location: '/user/security' });
    expect(await findWechatBinding(t.db.kysely, member.userId)).toEqual({ nickname: '小芯', headImgUrl: '' });
    // /user/security shows the binding in its 微信绑定 panel.
    const security = await member.browser.get('/user/security');
    expect(pageStateOf<{ wechat: unknown }>(security.body).data.wechat).toEqual({ isEnabled: true, binding: { nickname: '小芯', headImgUrl: '' } });
    expect(security.body).toContain('已绑定微信：小芯');
    expect(await member.browser.call(wechatCalls.bindWechatInfo, { action: 'bind' })).toMatchObject({
      msg: '您的账号已绑定微信，请先解除绑定',
      errorCode: wechatErrors.memberAlreadyBound.errorCode,
    });

    // Logging in by the bound WeChat reaches this member.
    expect(await scanToLogin(t.browser(), 'union-bind')).toMatchObject({ status: 302, location: '/cart' });

    expect(await member.browser.call(wechatCalls.bindWechatInfo, { action: 'unbind' })).toMatchObject({ code: 1, msg: '已解除微信绑定', data: null });
    expect(await findWechatBinding(t.db.kysely, member.userId)).toBeNull();
    expect(await member.browser.call(wechatCalls.bindWechatInfo, { action: 'unbind' })).toMatchObject({ errorCode: wechatErrors.notBound.errorCode });
    // Unbound, the same WeChat is a stranger again.
    expect(await scanToLogin(t.browser(), 'union-bind')).toMatchObject({ status: 302, location: wechatRegisterPath });
  });

  it('refuses a WeChat already bound to another member, with a page that says so', async () => {
    await registerThroughWechat(t.browser(), 'union-taken');
    const other = await t.member();
    const answer = await bindByScan(other.browser, 'union-taken');
    expect(answer).toMatchObject({ status: 400, location: null });
    expect(answer.body).toContain('微信账号已绑定其他会员');
    expect(await findWechatBinding(t.db.kysely, other.userId)).toBeNull();
  });

  it('is for members only', async () => {
    expect(await t.browser().call(wechatCalls.bindWechatInfo, { action: 'bind' })).toMatchObject({ code: 401 });
  });
});
