import { describe, expect, it } from 'vitest';
import { accountCalls } from '../../../contract/account-calls.ts';
import { SendMsgType } from '../../../contract/account.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { nextIp, nextPhone, registerMemberVia } from './account.test-helpers.ts';

describe('account pages and development routes', () => {
  const t = useTestApp();
  const browser = () => t.browser(nextIp());

  it('renders the login page with both login modes', async () => {
    const page = await browser().get('/account/login?return=%2Fcart');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>会员登录 - 芯品商城</title>');
    expect(page.body).toContain('密码登录');
    expect(page.body).toContain('短信登录');
    // Without WECHAT_APP_ID the login card offers no WeChat login (wechat.test.ts: with it).
    expect(pageStateOf(page.body).data).toEqual({ returnPath: '/cart', mode: 'password', isWechatEnabled: false });
    expect(page.body).not.toContain('微信登录');
  });

  it.each([
    ['https%3A%2F%2Fevil.example%2F', '/'],
    ['%2F%2Fevil.example', '/'],
    ['%2F%5Cevil.example', '/'],
    ['javascript%3Aalert(1)', '/'],
    ['%2Fproduct%2Fdetail%2F12%3Fq%3D1', '/product/detail/12?q=1'],
  ])('keeps only same-site return paths: %s → %s', async (given, expected) => {
    const page = await browser().get(`/account/login?return=${given}`);
    expect(pageStateOf<{ returnPath: string }>(page.body).data.returnPath).toBe(expected);
  });

  it('sends a logged-in member on from the login and register pages', async () => {
    const b = browser();
    await registerMemberVia(t, b, nextPhone());
    const login = await b.get('/account/login?return=%2Fcart');
    expect(login.statusCode).toBe(302);
    expect(login.headers.location).toBe('/cart');
    const register = await b.get('/account/register');
    expect(register.headers.location).toBe('/user/person');
    // Changing the password stays possible while logged in.
    expect((await b.get('/account/login?mode=find')).statusCode).toBe(200);
  });

  it('renders the register page with the inviter of the query', async () => {
    const page = await browser().get('/account/register?inviter=U2601010001');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('同意协议并注册');
    expect(page.body).toContain('/serve/clause');
    expect(pageStateOf(page.body).data).toEqual({ returnPath: '/user/person', inviter: 'U2601010001' });
  });

  it('renders the registration agreement', async () => {
    const page = await browser().get('/serve/clause');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('芯品商城用户注册协议');
    expect(page.body).toContain('个人信息保护');
  });

  it("lists a phone's outbox messages oldest first", async () => {
    const b = browser();
    const phone = nextPhone();
    await b.call(accountCalls.sendVerificationCode, { userAccount: phone, sendMsgType: SendMsgType.register });
    const response = await b.get(`/dev/sms-outbox?phone=${phone}`);
    expect(response.statusCode).toBe(200);
    const messages = response.json<{ phone: string; code: string; content: string; sentAt: number }[]>();
    expect(messages).toHaveLength(1);
    expect(messages[0]?.phone).toBe(phone);
    expect(messages[0]?.code).toMatch(/^\d{4}$/);
    expect(typeof messages[0]?.sentAt).toBe('number');
    expect((await b.get('/dev/sms-outbox?phone=1')).json()).toMatchObject({ code: 400, msg: '请输入正确的手机号码', errorCode: 'request.invalid' });
  });

  describe('with the outbox disabled', () => {
    const production = useTestApp({ app: { env: { SMS_OUTBOX_ENABLED: 'false' } } });

    it('has no development routes when the outbox is disabled', async () => {
      const b = production.browser();
      expect((await b.get('/dev/sms-outbox?phone=13800138000')).statusCode).toBe(404);
      expect((await b.get('/dev/graphic-code')).statusCode).toBe(404);
    });
  });
});
