import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SendMsgType } from '../../../contract/account.ts';
import { accountCalls } from '../../../contract/account-calls.ts';
import type { TestBrowser } from '../../testing/test-app.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { nextIp, nextPhone, registerMemberVia } from './account.test-helpers.ts';
import { lookupLimits } from './phone-lookup-guard.ts';

const graphCodeRequired = { code: 429, data: null, msg: '操作过于频繁，请输入图形验证码', errorCode: 'graphCode.required' };
const lookupTooFrequent = { code: 429, data: null, msg: '查询过于频繁，请稍后再试', errorCode: 'account.lookupTooFrequent' };

/** Whether a phone is a member is answered a few times per browser session, then behind a graphic code each time, and a limited number of times per address. */
describe('phone lookups (checkHasUser, sendVerificationCode)', () => {
  const t = useTestApp();
  // Fixed-window counters: a window must not turn over in the middle of a test.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.UTC(2026, 5, 1, 2, 0));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const check = (browser: TestBrowser, userPhone: string, graphCode?: string) =>
    browser.call(accountCalls.checkHasUser, graphCode === undefined ? { userPhone } : { userPhone, graphCode });

  /** A graphic code of the browser's session, and its answer (as the dev route tells e2e tests). */
  async function graphicCodeOf(browser: TestBrowser, type: number): Promise<string> {
    await browser.callOk(accountCalls.queryDynamicGraphCode, { type });
    const { answer } = (await browser.get('/dev/graphic-code')).json<{ answer: string }>();
    return answer;
  }

  async function useFreeLookups(browser: TestBrowser) {
    for (let i = 0; i < lookupLimits.freePerSession; i++) expect(await check(browser, nextPhone())).toEqual({ code: 1, data: false, msg: '' });
  }

  it('answers a session its free lookups, then only with a graphic code, one code per lookup', async () => {
    const member = nextPhone();
    await registerMemberVia(t, t.browser(nextIp()), member);
    const b = t.browser(nextIp());
    await useFreeLookups(b);
    expect(await check(b, member)).toEqual(graphCodeRequired);

    const answer = await graphicCodeOf(b, SendMsgType.register);
    expect(await check(b, member, answer)).toEqual({ code: 1, data: true, msg: '' });
    expect(await check(b, member, answer)).toMatchObject({ code: 400, errorCode: 'graphCode.expired' });
    await graphicCodeOf(b, SendMsgType.register);
    expect(await check(b, member, 'zzzz')).toMatchObject({ code: 400, errorCode: 'graphCode.wrong' });
    expect(await check(b, member)).toEqual(graphCodeRequired);
  });

  it('spends the lookup before saying that a phone is not registered, and takes only a graphic code of the SMS purpose', async () => {
    const b = t.browser(nextIp());
    await useFreeLookups(b);
    const phone = nextPhone();
    const send = (graphCode?: string) =>
      b.call(accountCalls.sendVerificationCode, { userAccount: phone, sendMsgType: SendMsgType.login, ...(graphCode === undefined ? {} : { graphCode }) });
    expect(await send()).toEqual(graphCodeRequired);
    expect(await send(await graphicCodeOf(b, SendMsgType.register))).toMatchObject({ code: 400, errorCode: 'graphCode.expired' });
    expect(await send(await graphicCodeOf(b, SendMsgType.login))).toMatchObject({ code: 400, msg: '该手机号未注册', errorCode: 'account.notRegistered' });
  });

  it('sends a code behind a graphic code once the free lookups are used', async () => {
    const b = t.browser(nextIp());
    await useFreeLookups(b);
    const answer = await graphicCodeOf(b, SendMsgType.register);
    expect(await b.call(accountCalls.sendVerificationCode, { userAccount: nextPhone(), sendMsgType: SendMsgType.register, graphCode: answer })).toMatchObject({
      code: 1,
      msg: '验证码发送成功',
    });
  });

  it('answers an address a limited number of lookups an hour, however many sessions it opens', async () => {
    const ip = nextIp();
    for (let i = 0; i < lookupLimits.perIp; i++) expect(await check(t.browser(ip), nextPhone())).toMatchObject({ code: 1 });
    expect(await check(t.browser(ip), nextPhone())).toEqual(lookupTooFrequent);
    const send = await t.browser(ip).call(accountCalls.sendVerificationCode, { userAccount: nextPhone(), sendMsgType: SendMsgType.login });
    expect(send).toEqual(lookupTooFrequent);
    expect(await check(t.browser(nextIp()), nextPhone())).toMatchObject({ code: 1 });
  });
});
