import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { AppDeps } from '../app-deps.ts';
import { createMember, signIn, type MemberFields, type NewMember } from './factories.ts';
import { createTestApp, TestBrowser, type TestApp, type TestAppOptions } from './test-app.ts';
import type { TestDb } from './test-db.ts';
import type { TestClock } from './test-clock.ts';

export interface UseTestAppOptions<F> {
  /** Data the tests of the file (or describe block) share, written once after the app starts. */
  fixture?: (t: TestApp) => Promise<F>;
  app?: TestAppOptions;
}

export interface SignedInMember extends NewMember {
  /** A browser of its own, signed in as the member. */
  browser: TestBrowser;
}

/** The app of a test file: read its parts inside hooks and tests, once beforeAll has run. */
export interface UsedTestApp<F> extends TestApp {
  readonly fixture: F;
  /** A new browser with no cookies yet. */
  browser(ip?: string): TestBrowser;
  /** A new member (createMember) signed in in a new browser (signIn). */
  member(fields?: MemberFields, ip?: string): Promise<SignedInMember>;
}

/**
 * The real app on a fresh migrated database for the enclosing file or describe block: creates it
 * and writes the fixture in beforeAll, closes it (dropping the database) in afterAll.
 */
export function useTestApp<F = undefined>(options: UseTestAppOptions<F> = {}): UsedTestApp<F> {
  let started: { app: TestApp; fixture: F } | undefined;
  const ready = () => {
    if (!started) throw new Error('useTestApp: the app exists from beforeAll to afterAll; use it inside hooks and tests');
    return started;
  };
  let app: TestApp | undefined;

  beforeAll(async () => {
    app = await createTestApp(options.app);
    const fixture = options.fixture ? await options.fixture(app) : (undefined as F);
    started = { app, fixture };
  });
  afterAll(async () => {
    started = undefined;
    await app?.close();
    app = undefined;
  });

  return {
    get app(): FastifyInstance {
      return ready().app.app;
    },
    get db(): TestDb {
      return ready().app.db;
    },
    get deps(): AppDeps {
      return ready().app.deps;
    },
    get fixture(): F {
      return ready().fixture;
    },
    get clock(): TestClock {
      return ready().app.clock;
    },
    close: () => ready().app.close(),
    browser: (ip?: string) => new TestBrowser(ready().app.app, ip),
    async member(fields, ip) {
      const { app: testApp } = ready();
      const member = await createMember(testApp.db.kysely, fields);
      const browser = new TestBrowser(testApp.app, ip);
      await signIn(browser, testApp.db.kysely, member.userId);
      return { ...member, browser };
    },
  };
}
