import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountCalls } from '../../../contract/account-calls.ts';
import { createFallbackCounterStore } from '../../http/fallback-counter-store.ts';
import { createTestApp, TestBrowser, type TestApp } from '../../testing/test-app.ts';
import { createTestDb, type TestDb } from '../../testing/test-db.ts';
import { nextIp, nextPhone, registerMemberVia } from './account.test-helpers.ts';

/** Redis is configured but unreachable (nothing listens on port 1): the limits count in the database (decision 0009). */
describe('logging in while Redis is unreachable', () => {
  let db: TestDb;
  let t: TestApp;
  beforeAll(async () => {
    db = await createTestDb();
    t = await createTestApp({ counters: createFallbackCounterStore('redis://127.0.0.1:1', db.kysely, pino({ level: 'silent' })) });
  });
  afterAll(async () => {
    await t.deps.counters.close();
    await t.close();
    await db.drop();
  });

  it('answers every attempt in Chinese and still locks the account after 5 wrong passwords', async () => {
    const phone = nextPhone();
    await registerMemberVia(t, new TestBrowser(t.app, nextIp()), phone, 'right1234');
    const guesses = [];
    for (let i = 0; i < 7; i++) {
      guesses.push(
        await new TestBrowser(t.app, nextIp()).call(accountCalls.doLogin, { loginType: 'password', userAccount: phone, password: `wrong-${String(i)}` }),
      );
    }
    expect(guesses.map((answer) => answer.errorCode)).toEqual([...Array<string>(5).fill('account.badCredentials'), 'account.locked', 'account.locked']);
  });
});
