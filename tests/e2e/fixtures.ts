import { test as base, expect, type Page } from '@playwright/test';
import type { Kysely } from 'kysely';
import { appRootElementId, hydratedAttribute } from '../../src/contract/shell.ts';
import { createDb } from '../../src/server/db/create-db.ts';
import type { Database } from '../../src/server/db/database.ts';
import { sessionCookieName } from '../../src/server/http/session.ts';
import { createMember, startMemberSession, type MemberFields, type NewMember } from '../../src/server/testing/factories.ts';

/** The e2e server's store (playwright.config.ts starts it on data/e2e-<port>/store.sqlite). */
const storePath = `data/e2e-${Number(process.env.E2E_PORT ?? 3100)}/store.sqlite`;

export type StoreDb = Kysely<Database>;

/** Phones unique per test run, so parallel journeys never collide. */
let phoneCounter = 0;
export function uniquePhone(): string {
  const suffix = `${Date.now() % 1_000_000}${process.pid % 100}${phoneCounter++ % 10}`.padStart(9, '0').slice(-9);
  return `13${suffix}`;
}

/** Waits until the page's script has taken over its server-rendered markup (a click before that does nothing). */
export async function waitForHydration(page: Page): Promise<void> {
  await expect(page.locator(`#${appRootElementId}[${hydratedAttribute}]`)).toHaveCount(1);
}

/** The latest SMS code the development outbox holds for a phone. */
export async function latestSmsCode(page: Page, phone: string): Promise<string> {
  const response = await page.request.get(`/dev/sms-outbox?phone=${phone}`);
  expect(response.ok()).toBe(true);
  const messages = (await response.json()) as { code: string }[];
  const last = messages.at(-1);
  if (!last) throw new Error(`no SMS for ${phone}`);
  return last.code;
}

/** A new member (createMember), signed in in the page's browser with the session row a login writes. */
async function signInNewMember(page: Page, storeDb: StoreDb, fields: MemberFields): Promise<NewMember> {
  await page.goto('/no/such/page');
  const sid = (await page.context().cookies()).find((cookie) => cookie.name === sessionCookieName)?.value;
  if (!sid) throw new Error('no sid cookie');
  const member = await createMember(storeDb, fields);
  await startMemberSession(storeDb, sid, member.userId);
  return member;
}

export interface StoreFixtures {
  /** Fails the test on any console error or page error: hydration warnings included. */
  consoleErrors: string[];
  /**
   * Every journey runs from 127.0.0.1, where real buyers each have their own address: the
   * address's hourly SMS budget (20, sms-limits.ts; its own tests are in Vitest) starts afresh
   * for each test, so the suite's many registrations and logins by SMS do not run it out.
   */
  smsAddressBudget: undefined;
  /** The fields of `member` (its nickname…): set them with test.use. */
  memberFields: MemberFields;
  /** A new member, signed in in the page's browser context before the test starts. */
  member: NewMember;
}

export interface StoreWorkerFixtures {
  /**
   * The e2e server's database, for cases the demo data does not give (a member with 120 cart
   * lines, 12 unread BOM messages…). WAL mode lets the test write while the server runs.
   */
  storeDb: StoreDb;
}

export const test = base.extend<StoreFixtures, StoreWorkerFixtures>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        // A page served as 404 on purpose logs its own status; any other failed resource counts.
        const isDocumentStatus = message.text().startsWith('Failed to load resource') && message.location().url === page.url();
        if (!isDocumentStatus) errors.push(`${message.text()} ${message.location().url}`);
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
  storeDb: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern
    async ({}, use) => {
      const db = createDb(storePath);
      await use(db.kysely);
      await db.destroy();
    },
    { scope: 'worker' },
  ],
  smsAddressBudget: [
    async ({ storeDb }, use) => {
      await storeDb.deleteFrom('rateCounters').where('key', 'like', 'sms:ip:%').execute();
      await use(undefined);
    },
    { auto: true },
  ],
  memberFields: [{}, { option: true }],
  member: async ({ page, storeDb, memberFields }, use) => {
    await use(await signInNewMember(page, storeDb, memberFields));
  },
});

export { expect };
