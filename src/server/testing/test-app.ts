import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { pino } from 'pino';
import type { AnyCall, CallBody, CallResponse } from '../../contract/call.ts';
import type { Envelope } from '../../contract/envelope.ts';
import { csrfCookieName, csrfHeaderName } from '../../contract/envelope.ts';
import { buildApp } from '../app.ts';
import type { AppDeps } from '../app-deps.ts';
import { loadConfig, type Config } from '../config.ts';
import { createDatabaseCounterStore, type CounterStore } from '../http/counter-store.ts';
import { createSmsProvider } from '../features/account/sms/create-sms-provider.ts';
import type { SmsProvider } from '../features/account/sms/sms-provider.ts';
import { createTestDb, type TestDb } from './test-db.ts';
import { createTestClock, type TestClock } from './test-clock.ts';
import type { Clock } from '../ops/clock.ts';

export interface TestApp {
  app: FastifyInstance;
  db: TestDb;
  deps: AppDeps;
  /**
   * The app's clock (AppDeps.clock): the real time until a test moves it on. `clock.advance(cacheVersionCheckMs)`
   * lets the cache tick read again, where a test would otherwise wait out the check interval.
   */
  clock: TestClock;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  counters?: CounterStore;
  /** The clock of the default (database) counters: a standing one (createTestClock(Date.now())) keeps a test inside one rate window. */
  counterClock?: Clock;
  sms?: SmsProvider;
  /** The app's clock stands at this time until advanced, for a test that must stay inside one cache tick however slow the machine; absent: the real time. */
  clockStart?: number;
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', DATABASE_URL: ':memory:', SESSION_SECRET: 'test-secret-test-secret-test-secret-42', LOG_LEVEL: 'silent', ...env });
}

/** The real app on a fresh migrated database, for app.inject(). */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const db = await createTestDb();
  const config = testConfig(options.env);
  const clock = createTestClock(options.clockStart);
  const deps: AppDeps = {
    config,
    db,
    logger: pino({ level: 'silent' }),
    counters: options.counters ?? createDatabaseCounterStore(db.kysely, options.counterClock ? { clock: options.counterClock } : {}),
    sms: options.sms ?? createSmsProvider(config, db.kysely),
    clock,
  };
  const app = await buildApp(deps);
  await app.ready();
  return {
    app,
    db,
    deps,
    clock,
    async close() {
      await app.close();
      await db.drop();
    },
  };
}

/** A browser stand-in: keeps cookies between requests and sends the anti-forgery header. */
export class TestBrowser {
  private readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    readonly ip = '127.0.0.1',
  ) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  private remember(response: LightMyRequestResponse) {
    for (const cookie of response.cookies) {
      if (cookie.maxAge === 0 || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }

  /** The Cookie header this browser sends. */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async get(url: string) {
    const response = await this.app.inject({ method: 'GET', url, headers: { cookie: this.cookieHeader() }, remoteAddress: this.ip });
    this.remember(response);
    return response;
  }

  /** Makes a call of the contract like the browser's request layer, visiting a page first if there is no session yet. */
  async call<C extends AnyCall>(call: C, body: CallBody<C>): Promise<Envelope<CallResponse<C>>> {
    const envelope = await this.post(call.path, body);
    // The server's handler is typed by the same call: its data is the call's response.
    return envelope as Envelope<CallResponse<C>>;
  }

  /** Makes a call that must succeed, and returns its data. */
  async callOk<C extends AnyCall>(call: C, body: CallBody<C>): Promise<CallResponse<C>> {
    const envelope = await this.call(call, body);
    if (envelope.code !== 1 || envelope.data === null) throw new Error(`${call.path} answered ${JSON.stringify(envelope)}`);
    return envelope.data;
  }

  /** POSTs any JSON to any path: for requests the contract would not let a browser make (bad bodies, unknown paths). */
  async post(url: string, body: unknown = {}): Promise<Envelope<unknown>> {
    if (!this.cookies.has(csrfCookieName)) await this.get('/');
    const response = await this.app.inject({
      method: 'POST',
      url,
      payload: JSON.stringify(body),
      headers: { 'content-type': 'application/json', cookie: this.cookieHeader(), [csrfHeaderName]: this.cookies.get(csrfCookieName) ?? '' },
      remoteAddress: this.ip,
    });
    this.remember(response);
    if (response.statusCode !== 200) throw new Error(`HTTP ${response.statusCode} from ${url}: ${response.body}`);
    return response.json<Envelope<unknown>>();
  }
}
