import type { TestApp } from '../../../testing/test-app.ts';
import { TestBrowser } from '../../../testing/test-app.ts';
import { nextIp, nextPhone, registerMemberVia } from '../../account/account.test-helpers.ts';

export interface TestMember {
  browser: TestBrowser;
  userId: number;
}

/** A member registered through the real calls, logged in in its own browser. */
export async function registerTestMember(t: TestApp): Promise<TestMember> {
  const phone = nextPhone();
  const browser = new TestBrowser(t.app, nextIp());
  await registerMemberVia(t, browser, phone);
  const row = await t.db.kysely.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow();
  return { browser, userId: row.id };
}
