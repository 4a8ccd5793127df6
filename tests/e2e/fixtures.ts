import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import type { Kysely } from 'kysely';
import { generate } from 'otplib';
import { appRootElementId, hydratedAttribute } from '../../src/contract/shell.ts';
import type { StaffRole } from '../../src/contract/staff.ts';
import { createDb } from '../../src/server/db/create-db.ts';
import type { Database } from '../../src/server/db/database.ts';
import { createStaffUser } from '../../src/server/features/staff/staff.service.ts';
import { sessionCookieName } from '../../src/server/http/session.ts';
import { createMember, startMemberSession, type MemberFields, type NewMember } from '../../src/server/testing/factories.ts';
import { insertParts, type OrderPart } from './part-fixtures.ts';

/** The e2e server's store (playwright.config.ts starts it on data/e2e-<port>/store.sqlite). */
const storePath = `data/e2e-${Number(process.env.E2E_PORT ?? 3100)}/store.sqlite`;

export type StoreDb = Kysely<Database>;

/** Phones unique per test run, so parallel journeys never collide. */
let phoneCounter = 0;
export function uniquePhone(): string {
  const suffix = `${Date.now() % 1_000_000}${process.pid % 100}${phoneCounter++ % 10}`.padStart(9, '0').slice(-9);
  return `13${suffix}`;
}

/**
 * Lets the server's caches and search index read the database's change signals now (POST /dev/caches/tick),
 * instead of within their second: a journey that wrote something a visitor sees calls this, then looks.
 */
export async function tickCaches(request: APIRequestContext | Page): Promise<void> {
  const client = 'request' in request ? request.request : request;
  const response = await client.post('/dev/caches/tick');
  expect(response.ok(), 'POST /dev/caches/tick (CACHE_TICK_HOOK_ENABLED)').toBe(true);
}

/** Parts of the journey's own (part-fixtures.ts), which the caches and the search index know before this resolves. */
export async function newParts(page: Page, storeDb: StoreDb, count: number, options: Parameters<typeof insertParts>[2] = {}): Promise<OrderPart[]> {
  const parts = await insertParts(storeDb, count, options);
  await tickCaches(page);
  return parts;
}

let staffSequence = 0;

export interface SignedInStaff {
  id: number;
  login: string;
  displayName: string;
}

/**
 * A staff member of the journey's own (createStaffUser: no other journey signs in as them), signed in on
 * `page` through the console's login form, which ends on `returnPath` (/admin by default).
 */
export async function signInStaff(
  page: Page,
  storeDb: StoreDb,
  role: StaffRole,
  options: { displayName?: string; returnPath?: string } = {},
): Promise<SignedInStaff> {
  staffSequence += 1;
  const login = `${role}${String(process.pid % 10_000)}${Date.now().toString(36)}${String(staffSequence)}`;
  const password = 'Journey2026x';
  const displayName = options.displayName ?? `测试${role}`;
  const { id, totp } = await createStaffUser(storeDb, { login, displayName, role, password });
  const returnPath = options.returnPath ?? '/admin';
  await page.goto(returnPath === '/admin' ? '/admin/login' : `/admin/login?return=${encodeURIComponent(returnPath)}`);
  await waitForHydration(page);
  await page.getByLabel('登录名').fill(login);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByLabel('动态码').fill(await generate({ secret: totp.secret }));
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(new RegExp(`${returnPath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  await waitForHydration(page);
  return { id, login, displayName };
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
  /** A part of the journey's own (newParts), for a journey that buys one, reprices it or moves its stock. */
  part: OrderPart;
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
  part: async ({ page, storeDb }, use) => {
    const [part] = await newParts(page, storeDb, 1);
    if (!part) throw new Error('no part');
    await use(part);
  },
});

export { expect };
export type { OrderPart };
