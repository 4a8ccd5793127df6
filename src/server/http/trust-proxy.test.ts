import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { useTestApp } from '../testing/use-test-app.ts';
import { strictTransportSecurity } from './security-headers.ts';

const configWith = (env: Record<string, string>) => loadConfig({ DATABASE_URL: ':memory:', ...env });

describe('TRUST_PROXY', () => {
  it('trusts nobody by default', () => {
    expect(configWith({}).trustProxy).toBe(false);
    expect(configWith({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });

  it('takes a list of proxy addresses and networks', () => {
    expect(configWith({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it.each([
    ['true', /TRUST_PROXY: true would let any client choose its address.*127\.0\.0\.1,10\.0\.0\.0\/8/],
    ['2', /TRUST_PROXY: a hop count cannot tell a proxy from a client/],
    ['10.0.0.0/33', /TRUST_PROXY: not an address or network: "10\.0\.0\.0\/33"/],
    ['127.0.0.1,proxy.local', /TRUST_PROXY: not an address or network: "proxy\.local"/],
  ])('refuses %s, saying what to write instead', (value, message) => {
    expect(() => configWith({ TRUST_PROXY: value })).toThrow(ConfigError);
    expect(() => configWith({ TRUST_PROXY: value })).toThrow(message);
  });
});

/** The cookie flags and HSTS of an answer to a request from `remoteAddress` carrying X-Forwarded-Proto. */
async function answerTo(app: TestApp, remoteAddress: string, forwardedProto?: string) {
  const response = await app.app.inject({ url: '/', remoteAddress, headers: forwardedProto ? { 'x-forwarded-proto': forwardedProto } : {} });
  return {
    secureCookies: response.cookies.filter((cookie) => cookie.secure === true).map((cookie) => cookie.name),
    hsts: response.headers['strict-transport-security'],
  };
}

describe('HTTPS behind a trusted proxy (TRUST_PROXY=127.0.0.1, COOKIE_SECURE=auto)', () => {
  const t = useTestApp({ app: { env: { TRUST_PROXY: '127.0.0.1' } } });

  it('marks cookies Secure and sends HSTS when the proxy says the request came over HTTPS', async () => {
    expect(await answerTo(t, '127.0.0.1', 'https')).toEqual({ secureCookies: ['sid', 'csrfToken'], hsts: strictTransportSecurity });
  });

  it('sends neither over plain HTTP', async () => {
    expect(await answerTo(t, '127.0.0.1', 'http')).toEqual({ secureCookies: [], hsts: undefined });
    expect(await answerTo(t, '127.0.0.1')).toEqual({ secureCookies: [], hsts: undefined });
  });

  it('ignores X-Forwarded-Proto from a client that is not a trusted proxy', async () => {
    expect(await answerTo(t, '198.51.100.7', 'https')).toEqual({ secureCookies: [], hsts: undefined });
  });
});

describe('COOKIE_SECURE', () => {
  it.each([
    ['true', ['sid', 'csrfToken']],
    ['false', []],
  ])('=%s decides whatever the scheme', async (value, secureCookies) => {
    const app = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1', COOKIE_SECURE: value } });
    try {
      expect((await answerTo(app, '127.0.0.1', 'https')).secureCookies).toEqual(secureCookies);
      expect((await answerTo(app, '127.0.0.1')).secureCookies).toEqual(secureCookies);
    } finally {
      await app.close();
    }
  });
});
