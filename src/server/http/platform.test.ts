import { beforeAll, describe, expect, it } from 'vitest';
import { accountCalls } from '../../contract/account-calls.ts';
import { initialStateElementId } from '../../contract/shell.ts';
import type { TestBrowser } from '../testing/test-app.ts';
import { useTestApp } from '../testing/use-test-app.ts';

describe('platform: envelope, anti-forgery, pages', () => {
  const t = useTestApp();

  it('answers /healthz', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('renders an unknown path as a real 404 page with the shell and security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/no/such/page' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('抱歉，您访问的页面不存在');
    expect(response.body).toContain(`<script type="application/json" id="${initialStateElementId}">`);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // HSTS is for HTTPS answers only (trust-proxy.test.ts).
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('issues the anti-forgery cookie again to a browser that kept its session but lost the token', async () => {
    const browser = t.browser();
    await browser.get('/');
    const sid = browser.cookie('sid');
    const response = await t.app.inject({ method: 'GET', url: '/', headers: { cookie: `sid=${sid ?? ''}` } });
    const token = response.cookies.find((cookie) => cookie.name === 'csrfToken');
    expect(token?.value).toBe(browser.cookie('csrfToken'));
    expect(response.cookies.find((cookie) => cookie.name === 'sid')?.value).toBe(sid);
  });

  it('sets a readable csrfToken cookie and an httpOnly session cookie', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/no/such/page' });
    const sid = response.cookies.find((cookie) => cookie.name === 'sid');
    const csrf = response.cookies.find((cookie) => cookie.name === 'csrfToken');
    expect(sid?.httpOnly).toBe(true);
    expect(sid?.sameSite).toBe('Lax');
    expect(csrf?.httpOnly).toBeFalsy();
    expect(sid?.value.length).toBeGreaterThanOrEqual(43);
  });

  it('refuses a POST without the anti-forgery header', async () => {
    const browser = t.browser();
    await browser.get('/');
    const response = await t.app.inject({
      method: 'POST',
      url: '/no/such/api',
      payload: '{}',
      headers: { 'content-type': 'application/json', cookie: browser.cookieHeader() },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: 403, msg: '页面已过期，请刷新页面后重试', errorCode: 'request.forged' });
  });

  it('answers unknown calls and bad JSON in the envelope', async () => {
    const browser = t.browser();
    expect(await browser.post('/no/such/api')).toMatchObject({ code: 404, msg: '接口不存在', errorCode: 'request.unknownCall' });
    const headers = { cookie: browser.cookieHeader(), 'x-csrf-token': browser.cookie('csrfToken') ?? '' };
    const badJson = await t.app.inject({ method: 'POST', url: '/no/such/api', payload: '{"a":', headers: { ...headers, 'content-type': 'application/json' } });
    expect(badJson.statusCode).toBe(200);
    expect(badJson.json()).toMatchObject({ code: 400, msg: '请求内容不是有效的 JSON' });
  });
});

describe('bad input on a real route answers the envelope with code 400 in Chinese', () => {
  const t = useTestApp();
  let browser: TestBrowser;
  beforeAll(async () => {
    browser = t.browser();
    await browser.get('/');
  });

  const post = (payload: string, contentType: string) =>
    t.app.inject({
      method: 'POST',
      url: accountCalls.checkHasUser.path,
      payload,
      headers: {
        'content-type': contentType,
        cookie: browser.cookieHeader(),
        'x-csrf-token': browser.cookie('csrfToken') ?? '',
      },
    });

  it.each([
    ['a missing field', {}, '请输入手机号码'],
    ['a wrong type', { userPhone: 13800138000 }, '请输入手机号码'],
    ['a malformed value', { userPhone: '1380013800x' }, '请输入正确的手机号码'],
    ['an array body', [], '请求参数有误'],
  ])('%s', async (_case, body, msg) => {
    expect(await browser.post(accountCalls.checkHasUser.path, body)).toEqual({ code: 400, data: null, msg, errorCode: 'request.invalid' });
  });

  it.each([
    ['form-encoded', 'userPhone=13800138000', 'application/x-www-form-urlencoded', '请求格式有误，请以 JSON 提交', 'request.notJson'],
    ['plain text', 'userPhone=13800138000', 'text/plain', '请求参数有误', 'request.invalid'],
    ['broken JSON', '{"userPhone":', 'application/json', '请求内容不是有效的 JSON', 'request.malformed'],
    ['an oversized body', JSON.stringify({ userPhone: 'x'.repeat(1024 * 1024 + 1) }), 'application/json', '提交的内容过大', 'request.tooLarge'],
  ])('a %s body', async (_case, payload, contentType, msg, errorCode) => {
    const response = await post(payload, contentType);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 400, data: null, msg, errorCode });
  });
});
