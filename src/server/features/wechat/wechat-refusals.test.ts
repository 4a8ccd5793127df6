import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wechatCallbackPath, wechatErrors, wechatRegisterPath } from '../../../contract/wechat.ts';
import { wechatCalls } from '../../../contract/wechat-calls.ts';
import type { TestBrowser } from '../../testing/test-app.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { fakeWechatApp, fakeWechatEnv, startFakeWechatServer, type FakeWechatServer } from './testing/fake-wechat-server.ts';
import { approveAtWechat, openCallback, withQuery } from './testing/wechat-scan.ts';

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

/** A login scan approved at WeChat, not yet back at the store: the callback path. */
async function approvedScan(browser: TestBrowser): Promise<string> {
  const info = await browser.callOk(wechatCalls.getWechatScanInfo, {});
  return approveAtWechat(info.url);
}

async function expectRefusal(browser: TestBrowser, callbackPath: string, msg: string) {
  const answer = await openCallback(browser, callbackPath);
  expect(answer.status).toBe(400);
  expect(answer.location).toBeNull();
  expect(answer.body).toContain(msg);
  expect(answer.body).toContain('返回登录');
}

describe('the callback refuses', () => {
  it('a forged state, and a callback with no state', async () => {
    const browser = t.browser();
    const callback = await approvedScan(browser);
    await expectRefusal(browser, withQuery(callback, { state: 'forged-state-forged-state-forged-st' }), wechatErrors.stateInvalid.msg);
    await expectRefusal(browser, `${wechatCallbackPath}?code=abc`, wechatErrors.stateInvalid.msg);
    // The real state still works afterwards: the forgeries spent nothing.
    expect(await openCallback(browser, callback)).toMatchObject({ status: 302, location: wechatRegisterPath });
  });

  it('a state used once already', async () => {
    const browser = t.browser();
    const callback = await approvedScan(browser);
    expect(await openCallback(browser, callback)).toMatchObject({ status: 302 });
    await expectRefusal(browser, callback, wechatErrors.stateUsed.msg);
  });

  it('an expired state', async () => {
    const browser = t.browser();
    const callback = await approvedScan(browser);
    await t.db.kysely
      .updateTable('wechatStates')
      .set({ expiresAt: Date.now() - 1 })
      .execute();
    await expectRefusal(browser, callback, wechatErrors.stateExpired.msg);
  });

  it("another browser session's state (a link passed on), leaving it usable by its own session", async () => {
    const browser = t.browser();
    const callback = await approvedScan(browser);
    const stranger = t.browser();
    await expectRefusal(stranger, callback, wechatErrors.stateOtherSession.msg);
    expect(await openCallback(browser, callback)).toMatchObject({ status: 302, location: wechatRegisterPath });
  });

  it('a state replaced by a newer QR of the same session', async () => {
    const browser = t.browser();
    const older = await approvedScan(browser);
    await approvedScan(browser);
    await expectRefusal(browser, older, wechatErrors.stateInvalid.msg);
  });

  it('a code replayed with a new state (the store remembers it), and a code WeChat has seen used (40163) or never issued (40029)', async () => {
    const browser = t.browser();
    const first = await approvedScan(browser);
    expect(await openCallback(browser, first)).toMatchObject({ status: 302 });
    const usedCode = new URL(first, 'http://store.invalid').searchParams.get('code') ?? '';
    const second = await approvedScan(browser);
    await expectRefusal(browser, withQuery(second, { code: usedCode }), wechatErrors.codeUsed.msg);

    // Exchanged by someone else at WeChat first: WeChat refuses it, the store says so.
    const third = await approvedScan(browser);
    const code = new URL(third, 'http://store.invalid').searchParams.get('code') ?? '';
    const stolen = await fetch(
      `${fake.url}/sns/oauth2/access_token?appid=${fakeWechatApp.appId}&secret=${fakeWechatApp.appSecret}&code=${code}&grant_type=authorization_code`,
    );
    expect(((await stolen.json()) as { access_token?: string }).access_token).toBeTruthy();
    await expectRefusal(browser, third, wechatErrors.codeUsed.msg);

    const fourth = await approvedScan(browser);
    await expectRefusal(browser, withQuery(fourth, { code: 'never-issued' }), wechatErrors.codeInvalid.msg);
  });

  it('a scan the user refused on the phone (a state and no code)', async () => {
    const browser = t.browser();
    const info = await browser.callOk(wechatCalls.getWechatScanInfo, {});
    fake.denyNext();
    const callback = await approveAtWechat(info.url);
    expect(callback).not.toContain('code=');
    await expectRefusal(browser, callback, wechatErrors.denied.msg);
  });

  it('a bind scan finished after the member logged out', async () => {
    const member = await t.member();
    const info = await member.browser.callOk(wechatCalls.bindWechatInfo, { action: 'bind' });
    const callback = await approveAtWechat(info?.url ?? '');
    await member.browser.post('/account/api/logout');
    // Logging out gives the browser a new sid: the bind state is another session's now.
    await expectRefusal(member.browser, callback, wechatErrors.stateOtherSession.msg);
  });

  it('WeChat not answering, with a message and no 5xx', async () => {
    const browser = t.browser();
    const callback = await approvedScan(browser);
    await fake.close();
    try {
      await expectRefusal(browser, callback, wechatErrors.unavailable.msg);
    } finally {
      fake = await startFakeWechatServer({ port: Number(new URL(fake.url).port) });
    }
  });
});

describe('without WECHAT_APP_ID', () => {
  const bare = useTestApp();

  it('answers every WeChat call 未开启微信登录 (not 接口不存在, never a 5xx)', async () => {
    const member = await bare.member();
    const visitor = bare.browser();
    const answers = [
      await visitor.call(wechatCalls.getWechatScanInfo, {}),
      await visitor.call(wechatCalls.queryWechatRelevanceInfo, {}),
      await visitor.call(wechatCalls.wechatRegister, { phone: '13600000001', smsCode: '1234' }),
      await member.browser.call(wechatCalls.bindWechatInfo, { action: 'bind' }),
      await member.browser.call(wechatCalls.bindWechatInfo, { action: 'unbind' }),
    ];
    for (const answer of answers) expect(answer).toMatchObject({ code: 404, msg: '未开启微信登录', errorCode: wechatErrors.disabled.errorCode });
    const page = await visitor.get(wechatRegisterPath);
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('未开启微信登录');
    expect((await visitor.get(`${wechatCallbackPath}?code=a&state=b`)).body).toContain('未开启微信登录');
  });
});
