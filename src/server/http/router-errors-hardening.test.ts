import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { accountCalls } from '../../contract/account-calls.ts';
import type { SearchPageData } from '../../web/pages/search-page.tsx';
import { pageStateOf } from '../testing/page-state.ts';
import { useTestApp } from '../testing/use-test-app.ts';

/** Issue 9, failure 8: addresses the router refuses get the store's page or envelope with the security headers, not Fastify's English JSON. */

function expectSecurityHeaders(response: LightMyRequestResponse) {
  expect(String(response.headers['content-security-policy'])).toContain("script-src 'self'");
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-frame-options']).toBe('DENY');
}

describe('router errors: the store error page with the security headers', () => {
  const t = useTestApp();

  it('answers a path that cannot be decoded with the 400 page', async () => {
    const response = await t.browser().get('/product/detail/%E0%A4%A');
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<title>请求地址有误 - 芯品商城</title>');
    expect(response.body).not.toContain('FST_ERR');
    expectSecurityHeaders(response);
  });

  it('passes the session hooks first: a member sees the 400 page logged in', async () => {
    const { browser } = await t.member();
    const response = await browser.get('/product/detail/%E0%A4%A');
    expect(response.statusCode).toBe(400);
    expect(pageStateOf(response.body).shell.user.isLogin).toBe(true);
  });

  it('answers a bad escape in the query with the page itself', async () => {
    const response = await t.browser().get('/search?key=%');
    expect(response.statusCode).toBe(200);
    expect(pageStateOf<SearchPageData>(response.body).data.params.key).toBe('%');
    expectSecurityHeaders(response);
  });

  it('answers a path parameter over 100 characters with the 404 page', async () => {
    const response = await t.browser().get(`/product/detail/${'1'.repeat(101)}`);
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('抱歉，您访问的页面不存在');
    expectSecurityHeaders(response);
  });

  it('answers a call path that cannot be decoded with the envelope', async () => {
    const envelope = await t.browser().post(`${accountCalls.doLogin.path}%E0%A4%A`, { loginType: 'password' });
    expect(envelope).toMatchObject({ code: 400, msg: '请求地址有误', errorCode: 'request.badUrl' });
    const response = await t.app.inject({ method: 'POST', url: '/account/api/%E0%A4%A', payload: '{}', headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ errorCode: 'request.badUrl' });
    expectSecurityHeaders(response);
  });
});
