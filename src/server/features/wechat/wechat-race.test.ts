import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SendMsgType } from '../../../contract/account.ts';
import { wechatErrors, wechatRegisterPath } from '../../../contract/wechat.ts';
import { wechatCalls } from '../../../contract/wechat-calls.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { sendCode } from '../account/account.test-helpers.ts';
import { fakeWechatEnv, startFakeWechatServer, type FakeWechatServer } from './testing/fake-wechat-server.ts';
import { approveAtWechat, openCallback } from './testing/wechat-scan.ts';

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

describe('WeChat races', () => {
  it('two members binding one WeChat at once: one is bound, the other told 微信账号已绑定其他会员', async () => {
    const members = [await t.member(), await t.member()];
    const callbacks: string[] = [];
    for (const member of members) {
      const info = await member.browser.callOk(wechatCalls.bindWechatInfo, { action: 'bind' });
      fake.setNextIdentity({ unionid: 'union-contested' });
      callbacks.push(await approveAtWechat(info?.url ?? ''));
    }
    const answers = await Promise.all(members.map((member, index) => openCallback(member.browser, callbacks[index] ?? '')));
    expect(answers.map((answer) => answer.status).sort()).toEqual([302, 400]);
    expect(answers.find((answer) => answer.status === 400)?.body).toContain(wechatErrors.boundToOther.msg);
    const bindings = await t.db.kysely.selectFrom('wechatBindings').select('userId').where('unionid', '=', 'union-contested').execute();
    expect(bindings).toHaveLength(1);
  });

  it('one callback sent twice at once: one goes on, the other finds its state used', async () => {
    const browser = t.browser();
    const info = await browser.callOk(wechatCalls.getWechatScanInfo, {});
    const callback = await approveAtWechat(info.url);
    const answers = await Promise.all([openCallback(browser, callback), openCallback(browser, callback)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([302, 400]);
    expect(answers.find((answer) => answer.status === 302)?.location).toBe(wechatRegisterPath);
    expect(answers.find((answer) => answer.status === 400)?.body).toContain(wechatErrors.stateUsed.msg);
  });

  it('two registrations with one scan at once, with two phones: one member is made and bound', async () => {
    const browser = t.browser();
    const info = await browser.callOk(wechatCalls.getWechatScanInfo, {});
    fake.setNextIdentity({ unionid: 'union-twice' });
    await openCallback(browser, await approveAtWechat(info.url));
    const phones = ['13500000001', '13500000002'];
    const codes = [await sendCode(t, browser, phones[0] ?? '', SendMsgType.wechat), await sendCode(t, browser, phones[1] ?? '', SendMsgType.wechat)];
    const answers = await Promise.all(phones.map((phone, index) => browser.call(wechatCalls.wechatRegister, { phone, smsCode: codes[index] ?? '' })));
    expect(answers.map((answer) => answer.code).sort()).toEqual([1, 400]);
    expect(answers.find((answer) => answer.code === 400)).toMatchObject({ errorCode: wechatErrors.noPending.errorCode });
    const made = await t.db.kysely.selectFrom('users').select('id').where('phone', 'in', phones).execute();
    expect(made).toHaveLength(1);
    const bindings = await t.db.kysely.selectFrom('wechatBindings').select('userId').where('unionid', '=', 'union-twice').execute();
    expect(bindings.map((binding) => binding.userId)).toEqual(made.map((row) => row.id));
  });
});
