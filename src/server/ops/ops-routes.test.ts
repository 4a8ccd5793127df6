import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/use-test-app.ts';
import { nextIp, nextPhone, registerMemberVia } from '../features/account/account.test-helpers.ts';

describe('health, readiness, metrics and request ids', () => {
  const t = useTestApp();

  it('answers /healthz without touching the session or the database', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('is ready once the database answers and every migration has run; the search index is reported, never awaited (SQL answers meanwhile)', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({
      status: 'ready',
      checks: { database: { ok: true }, migrations: { ok: true }, searchIndex: { ok: true, detail: 'not built yet, searching from SQL' } },
    });

    expect((await t.browser().get('/search?key=STM32')).statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({
      status: 'ready',
      checks: { searchIndex: { ok: true, detail: 'ready (build)' }, rateLimitCounters: { ok: true, detail: 'database' } },
    });
  });

  it('gives every answer a request id, keeping a plain id the proxy sent', async () => {
    const fresh = await t.app.inject({ method: 'GET', url: '/' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const relayed = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'nginx-5f2c9e1a77' } });
    expect(relayed.headers['x-request-id']).toBe('nginx-5f2c9e1a77');
    const forged = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': '<script>' } });
    expect(forged.headers['x-request-id']).not.toBe('<script>');
  });

  it('counts requests by route, errors and SMS sends in Prometheus format', async () => {
    const browser = t.browser(nextIp());
    await browser.get('/search?key=LM358');
    await registerMemberVia(t, browser, nextPhone(), 'right1234');
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.headers['content-type']).toContain('text/plain');
    expect(metrics.body).toMatch(/http_requests_total\{method="GET",route="\/search",status_code="200"\} [1-9]/);
    expect(metrics.body).toMatch(/http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/search"\}/);
    expect(metrics.body).toMatch(/sms_sent_total\{provider="outbox"\} 1/);
    expect(metrics.body).toContain('search_index_lag_changes');
    expect(metrics.body).toContain('rate_limit_counters_fallback 0');
  });
});

describe('/metrics in production', () => {
  const t = useTestApp({ app: { env: { NODE_ENV: 'production' } } });

  it('answers loopback peers only, and never a request relayed by a proxy', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' })).statusCode).toBe(404);
    const relayed = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(relayed.statusCode).toBe(404);
  });
});

describe('/metrics with a token', () => {
  const token = 'metrics-token-0123456789';
  const t = useTestApp({ app: { env: { NODE_ENV: 'production', METRICS_TOKEN: token } } });

  it('wants the bearer token, from any address', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.0.0.7', headers: { authorization: 'Bearer nope' } });
    expect(wrong.statusCode).toBe(404);
    const right = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.0.0.7', headers: { authorization: `Bearer ${token}` } });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('http_requests_total');
  });
});
