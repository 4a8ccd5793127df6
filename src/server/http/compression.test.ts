import { describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { csrfCookieName, csrfHeaderName } from '../../contract/envelope.ts';
import { useTestApp } from '../testing/use-test-app.ts';

/** Pages and calls above a kilobyte go out compressed to a browser that asks, and plain to one that does not. */
describe('compression on the fly', () => {
  const t = useTestApp();

  const page = (acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url: '/catalogue', headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  it('compresses a page with brotli, else gzip, and sends it plain when not asked', async () => {
    const brotli = await page('gzip, deflate, br');
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(brotli.rawPayload).toString('utf8')).toMatch(/^<!DOCTYPE html>[\s\S]*<\/html>$/i);

    const gzip = await page('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toContain('</html>');

    for (const plain of [await page(), await page('identity')]) {
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      expect(plain.body).toMatch(/^<!DOCTYPE html>/i);
    }
  });

  it('compresses a call answer above the threshold and leaves a small one alone', async () => {
    const browser = t.browser();
    await browser.get('/');
    const post = (url: string, acceptEncoding: string) =>
      t.app.inject({
        method: 'POST',
        url,
        payload: '{}',
        headers: {
          'content-type': 'application/json',
          'accept-encoding': acceptEncoding,
          cookie: browser.cookieHeader(),
          [csrfHeaderName]: browser.cookie(csrfCookieName) ?? '',
        },
      });
    const provinces = await post('/common/api/getProvinceList', 'br');
    expect(provinces.headers['content-encoding']).toBe('br');
    const envelope = JSON.parse(brotliDecompressSync(provinces.rawPayload).toString('utf8')) as { code: number; data: unknown[] };
    expect(envelope.code).toBe(1);
    expect(envelope.data.length).toBeGreaterThan(30);

    const small = await post('/account/api/logout', 'br');
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ code: 1 });
  });
});
