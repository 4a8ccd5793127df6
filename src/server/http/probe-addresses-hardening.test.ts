import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/use-test-app.ts';

/** Issue 29, the outside probe: addresses starting `//` and oversized headers get the store's answers, never Fastify's 500 or English JSON. */

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** Over a real socket: the path is sent as written (no client normalises it) and Node's own parser runs. */
function rawGet(port: number, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: '127.0.0.1', port, path, method: 'GET', headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('addresses starting with two slashes', () => {
  const t = useTestApp();

  async function listening(): Promise<number> {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    return (t.app.server.address() as AddressInfo).port;
  }

  it('answers the probe’s addresses with the store’s 400 and 404 pages', async () => {
    const port = await listening();
    const badEscape = await rawGet(port, '//%zz');
    expect(badEscape.status).toBe(400);
    expect(badEscape.body).toContain('<title>请求地址有误 - 芯品商城</title>');
    const traversal = await rawGet(port, '//..%2f..%2fetc%2fpasswd');
    expect(traversal.status).toBe(404);
    expect(traversal.body).toContain('抱歉，您访问的页面不存在');
    expect(traversal.body).not.toContain('root:');
    for (const answer of [badEscape, traversal]) {
      expect(answer.headers['content-type']).toContain('text/html');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('never names another host as a page’s canonical address', async () => {
    const port = await listening();
    const answer = await rawGet(port, '//evil.example/x');
    expect(answer.status).toBe(404);
    const canonical = /<link rel="canonical" href="([^"]+)"/.exec(answer.body)?.[1];
    expect(canonical, 'the 404 page has a canonical link').toBeDefined();
    expect(new URL(canonical ?? '').host).not.toBe('evil.example');
  });
});

describe('headers over Node’s 16 KB limit', () => {
  const t = useTestApp();

  it('answers 431 with the envelope in Chinese and the security headers', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const answer = await rawGet(port, '/', { cookie: `pad=${'a'.repeat(20_000)}` });
    expect(answer.status).toBe(431);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(answer.body)).toEqual({ code: 400, data: null, msg: '请求头过大，请清除本站 Cookie 后重试', errorCode: 'request.headersTooLarge' });
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(String(answer.headers['content-security-policy'])).toContain("default-src 'none'");
  });
});
