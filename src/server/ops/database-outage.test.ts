import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cartCalls } from '../../contract/cart-calls.ts';
import { buildApp } from '../app.ts';
import { createDb, type Db } from '../db/create-db.ts';
import { createDatabaseCounterStore } from '../http/counter-store.ts';
import { createSmsProvider } from '../features/account/sms/create-sms-provider.ts';
import { createMember, signIn } from '../testing/factories.ts';
import { TcpProxy } from '../testing/tcp-proxy.ts';
import { testConfig, TestBrowser } from '../testing/test-app.ts';
import { createTestDb, testEngine, type TestDb } from '../testing/test-db.ts';

async function eventually(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  await vi.waitFor(
    async () => {
      if (!(await check())) throw new Error('condition not met in time');
    },
    { timeout: timeoutMs, interval: 100 },
  );
}

// Connections dropped by the server or the network exist only for PostgreSQL; SQLite is a file in the process.
describe.skipIf(testEngine !== 'postgres')('PostgreSQL going away and coming back', () => {
  let base: TestDb;
  let proxy: TcpProxy;
  let db: Db;
  let app: FastifyInstance;
  const connectionErrors = vi.fn();

  beforeAll(async () => {
    base = await createTestDb();
    const target = new URL(base.url ?? '');
    proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
    await proxy.open();
    db = createDb(proxy.urlFor(target.toString()), { poolSize: 4, onConnectionError: connectionErrors });
    const config = testConfig();
    app = await buildApp({
      config,
      db,
      logger: pino({ level: 'silent' }),
      counters: createDatabaseCounterStore(db.kysely),
      sms: createSmsProvider(config, db.kysely),
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await db.destroy();
    await proxy.cut();
    await base.drop();
  });

  it('survives pg_terminate_backend of every connection, and the next requests are answered', async () => {
    expect((await app.inject({ method: 'GET', url: '/' })).statusCode).toBe(200);
    const poolConnections = proxy.openSockets();
    const admin = new pg.Client({ connectionString: base.url });
    await admin.connect();
    try {
      const terminated = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      expect(terminated.rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    await eventually(async () => connectionErrors.mock.calls.length > 0);
    // Every pooled connection hears of its end in its own time (slower on a loaded machine); until then a
    // request may still meet one and get the 503. Once they have all gone, the store answers again by itself.
    await eventually(async () => poolConnections.every((socket) => socket.destroyed));
    await eventually(async () => (await app.inject({ method: 'GET', url: '/readyz' })).json<{ checks: { database: { ok: boolean } } }>().checks.database.ok);
    expect((await app.inject({ method: 'GET', url: '/' })).statusCode).toBe(200);
  });

  it('answers in Chinese while the database is unreachable, says not ready, and recovers by itself', async () => {
    const member = await createMember(db.kysely);
    const browser = new TestBrowser(app);
    await signIn(browser, db.kysely, member.userId);
    await proxy.cut();

    const page = await app.inject({ method: 'GET', url: '/catalogue' });
    expect(page.statusCode).toBe(503);
    expect(page.body).toContain('服务暂时不可用');
    expect(page.body).toContain(`错误编号：${String(page.headers['x-request-id'])}`);
    expect(page.headers['content-security-policy']).toBeDefined();

    const refused = await browser.call(cartCalls.queryList, {});
    expect(refused).toMatchObject({ code: 503, errorCode: 'request.unavailable', msg: '服务暂时不可用，请稍后重试' });
    expect(refused.requestId).toMatch(/^[0-9a-f-]{36}$/);

    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'not ready', checks: { database: { ok: false } } });
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    await proxy.open();
    const databaseReady = async () =>
      (await app.inject({ method: 'GET', url: '/readyz' })).json<{ checks: { database: { ok: boolean } } }>().checks.database.ok;
    await eventually(databaseReady);
    expect((await app.inject({ method: 'GET', url: '/catalogue' })).statusCode).toBe(200);
    expect(await browser.call(cartCalls.queryList, {})).toMatchObject({ code: 1 });
  });
});
