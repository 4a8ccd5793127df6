import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { companyCalls } from '../../src/contract/company-account-calls.ts';
import type { CompanyRole } from '../../src/contract/company-account.ts';
import { creditCodeCheckCharacter } from '../../src/contract/credit-code.ts';
import { sessionCookieName } from '../../src/server/http/session.ts';
import { createMember, startMemberSession } from '../../src/server/testing/factories.ts';
import type { StoreDb } from './fixtures.ts';
import { callOk } from './order-fixtures.ts';

let creditCodes = 0;

/**
 * A valid 统一社会信用代码 of this journey's own (the check character computed), so journeys never share a company:
 * `prefix` is the code's first eight characters (registration authority, kind and region), the rest the clock, the
 * worker's process and a count.
 */
export function journeyCreditCode(prefix = '91310000'): string {
  creditCodes += 1;
  const body = `${prefix}${String((Date.now() + process.pid * 7 + creditCodes * 13) % 1_000_000_000).padStart(9, '0')}`;
  return `${body}${creditCodeCheckCharacter(body) ?? ''}`;
}

/**
 * A new member signed in in a browser context of their own (`context`: a viewport, downloads…), having accepted the
 * company admin's invitation with `role`.
 */
export async function companyColleague(
  browser: Browser,
  storeDb: StoreDb,
  admin: Page,
  options: { baseURL: string; role: CompanyRole; nickName?: string; context?: BrowserContextOptions },
) {
  const page = await (await browser.newContext({ baseURL: options.baseURL, ...options.context })).newPage();
  await page.goto('/no/such/page');
  const sid = (await page.context().cookies()).find((cookie) => cookie.name === sessionCookieName)?.value;
  if (!sid) throw new Error('no sid cookie');
  const member = await createMember(storeDb, options.nickName === undefined ? {} : { nickName: options.nickName });
  await startMemberSession(storeDb, sid, member.userId);
  await callOk(admin, companyCalls.invite, { phone: member.phone, role: options.role });
  const invitation = (await callOk(page, companyCalls.state, {})).myInvitations[0];
  if (!invitation) throw new Error('no invitation');
  await callOk(page, companyCalls.acceptInvitation, { invitationId: invitation.invitationId });
  return { page, member };
}
