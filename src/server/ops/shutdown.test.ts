import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.ts';
import { createDatabaseCounterStore } from '../http/counter-store.ts';
import { createSmsProvider } from '../features/account/sms/create-sms-provider.ts';
import type { FeatureRegistration } from '../features/feature-registration.ts';
import { testConfig } from '../testing/test-app.ts';
import { createTestDb } from '../testing/test-db.ts';
import { createOps } from './ops.ts';
import { gracefulShutdown } from './shutdown.ts';

describe('graceful shutdown', () => {
  it('finishes the request in flight at SIGTERM, refuses new connections, then closes counters and pool in order', async () => {
    const db = await createTestDb();
    const config = testConfig();
    const counters = createDatabaseCounterStore(db.kysely);
    const deps = { config, db, logger: pino({ level: 'silent' }), counters, sms: createSmsProvider(config, db.kysely) };
    const ops = createOps(deps, { withProcessMetrics: false });
    const noop = () => undefined;
    let releaseSlowRequest: () => void = noop;
    let slowRequestStarted: () => void = noop;
    const started = new Promise<void>((resolve) => (slowRequestStarted = resolve));
    const events: string[] = [];
    const slowRoute: FeatureRegistration = (app) => {
      app.addHook('onResponse', async (request) => {
        if (request.url === '/slow') events.push('slow response sent');
      });
      app.get('/slow', async () => {
        slowRequestStarted();
        await new Promise<void>((resolve) => (releaseSlowRequest = resolve));
        return { done: true };
      });
    };
    const app = await buildApp(deps, { features: [slowRoute], ops });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${String((app.server.address() as AddressInfo).port)}`;

    const shutdown = gracefulShutdown({
      app,
      readiness: ops.readiness,
      inFlight: ops.inFlight,
      logger: deps.logger,
      timeoutMs: 10_000,
      closers: [
        async () => {
          events.push('counters closed');
          await counters.close();
        },
        async () => {
          events.push('pool closed');
          await db.drop();
        },
      ],
    });

    const inFlight = fetch(`${base}/slow`).then(async (response) => {
      return { status: response.status, body: (await response.json()) as unknown };
    });
    await started;
    const exitCode = shutdown('SIGTERM');

    expect((await ops.readiness.report()).checks.shutdown).toEqual({ ok: false, detail: 'draining' });
    // Once the listener has stopped, the drain waits on the slow request: nothing is closed under it.
    await vi.waitFor(() => expect(app.server.listening).toBe(false));
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
    expect(events).toEqual([]);

    releaseSlowRequest();
    expect(await inFlight).toEqual({ status: 200, body: { done: true } });
    expect(await exitCode).toBe(0);
    expect(events).toEqual(['slow response sent', 'counters closed', 'pool closed']);
  });

  it('keeps the pool open for a handler whose client has gone until it finishes', async () => {
    const db = await createTestDb();
    const config = testConfig();
    const counters = createDatabaseCounterStore(db.kysely);
    const deps = { config, db, logger: pino({ level: 'silent' }), counters, sms: createSmsProvider(config, db.kysely) };
    const ops = createOps(deps, { withProcessMetrics: false });
    const events: string[] = [];
    const noop = () => undefined;
    let finishWork: () => void = noop;
    let workStarted: () => void = noop;
    const started = new Promise<void>((resolve) => (workStarted = resolve));
    const abandonedRoute: FeatureRegistration = (app) => {
      app.get('/abandoned', async () => {
        workStarted();
        await new Promise<void>((resolve) => (finishWork = resolve));
        events.push('handler finished');
        return { done: true };
      });
    };
    const app = await buildApp(deps, { features: [abandonedRoute], ops });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${String((app.server.address() as AddressInfo).port)}`;
    const shutdown = gracefulShutdown({
      app,
      readiness: ops.readiness,
      inFlight: ops.inFlight,
      logger: deps.logger,
      timeoutMs: 10_000,
      closers: [
        async () => {
          events.push('pool closed');
          await db.drop();
        },
      ],
    });

    const client = new AbortController();
    const request = fetch(`${base}/abandoned`, { signal: client.signal }).catch(() => 'aborted');
    await started;
    client.abort();
    expect(await request).toBe('aborted');
    const exitCode = shutdown('SIGTERM');
    // The server is closed (no connection holds it), and the drain now waits on the handler alone.
    await vi.waitFor(() => expect(app.server.listening).toBe(false));
    expect(events).toEqual([]);
    expect(ops.inFlight.count).toBe(1);

    finishWork();
    expect(await exitCode).toBe(0);
    expect(events).toEqual(['handler finished', 'pool closed']);
  });
});
