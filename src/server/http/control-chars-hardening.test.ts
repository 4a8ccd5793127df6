import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { accountCalls } from '../../contract/account-calls.ts';
import type { AnyCall } from '../../contract/call.ts';
import { controlCharsMessage } from '../../contract/control-chars.ts';
import { csrfCookieName, csrfHeaderName } from '../../contract/envelope.ts';
import { searchCalls } from '../../contract/search-calls.ts';
import type { TestBrowser } from '../testing/test-app.ts';
import { useTestApp } from '../testing/use-test-app.ts';

/** Issue 9, failure 4: a NUL in any field of any call is refused in the envelope on both engines (PostgreSQL answered 500). */

const contractDir = fileURLToPath(new URL('../../contract/', import.meta.url));

interface DomainTable {
  calls: Record<string, AnyCall>;
  requests: Record<string, z.ZodType>;
}

/** Every domain's call table with its request schemas, read from src/contract: a new domain is covered without being listed. */
async function domainTables(): Promise<DomainTable[]> {
  // The shop's call tables, and the console's in contract/console/ (named console/<desk>).
  const domains = ['', 'console/'].flatMap((folder) =>
    readdirSync(contractDir + folder)
      .filter((file) => file.endsWith('-calls.ts'))
      .map((file) => folder + file.slice(0, -'-calls.ts'.length)),
  );
  return Promise.all(
    domains.map(async (domain) => {
      // Vite resolves a variable import one folder deep: the console's tables get their own pattern.
      const desk = domain.slice('console/'.length);
      const isConsole = domain.startsWith('console/');
      const callsModule = (await (isConsole ? import(`../../contract/console/${desk}-calls.ts`) : import(`../../contract/${domain}-calls.ts`))) as Record<
        string,
        Record<string, AnyCall>
      >;
      const requestsModule = (await (isConsole
        ? import(`../../contract/console/${desk}-requests.ts`)
        : import(`../../contract/${domain}-requests.ts`))) as Record<string, Record<string, z.ZodType>>;
      const calls = Object.entries(callsModule).find(([name]) => name.endsWith('Calls'))?.[1];
      const requests = Object.entries(requestsModule).find(([name]) => name.endsWith('Requests'))?.[1];
      if (!calls || !requests) throw new Error(`${domain}: no call table or request schemas`);
      return { calls, requests };
    }),
  );
}

/** The object shapes a body of the schema may take (each option of a union). */
function shapesOf(schema: z.core.$ZodType): Readonly<Record<string, z.core.$ZodType>>[] {
  if (schema instanceof z.ZodObject) return [schema.shape];
  if (schema instanceof z.ZodUnion) return schema.options.flatMap(shapesOf);
  if (schema instanceof z.ZodPipe) return shapesOf(schema.in);
  return [];
}

const nul = 'a\u0000b';

/** One body per field, holding a NUL in that field (literals such as a union's discriminator keep their (first) value), and one with an extra field. */
function bodiesWithNul(schema: z.ZodType): Record<string, unknown>[] {
  const bodies = shapesOf(schema).flatMap((shape) => {
    const literals = Object.fromEntries(Object.entries(shape).flatMap(([key, field]) => (field instanceof z.ZodLiteral ? [[key, [...field.values][0]]] : [])));
    return Object.keys(shape)
      .filter((key) => !(key in literals))
      .map((key) => ({ ...literals, [key]: nul }));
  });
  return [...bodies, { extra: nul }];
}

describe('a NUL in any field of any call is refused in the envelope', () => {
  const t = useTestApp();
  let tables: DomainTable[];
  let browser: TestBrowser;
  beforeAll(async () => {
    tables = await domainTables();
    browser = (await t.member()).browser;
  });

  it('finds the call tables', () => {
    expect(tables.length).toBeGreaterThanOrEqual(7);
    expect(tables.flatMap(({ calls }) => Object.keys(calls))).toContain('doLogin');
  });

  it('refuses a NUL in every field of every call, for a member', async () => {
    for (const { calls, requests } of tables) {
      for (const [name, call] of Object.entries(calls)) {
        // Console calls (staff-calls.ts) ask the staff session's token before the body, which a member never holds: features/staff/staff-auth.test.ts sends them NULs.
        if ('access' in call) continue;
        const schema = requests[name];
        if (!schema) throw new Error(`${call.path}: no request schema`);
        for (const body of bodiesWithNul(schema)) {
          const envelope = await browser.post(call.path, body);
          expect({ path: call.path, body, envelope }).toMatchObject({ envelope: { code: 400, errorCode: 'request.invalid', msg: controlCharsMessage } });
        }
      }
    }
  });

  it('refuses the reported login with a NUL in its account (PostgreSQL answered 500)', async () => {
    const envelope = await t.browser().post(accountCalls.doLogin.path, { loginType: 'password', userAccount: nul, password: 'abc123' });
    expect(envelope).toMatchObject({ code: 400, errorCode: 'request.invalid', msg: controlCharsMessage });
  });

  it('refuses other control characters and a NUL in a key or deep in the body', async () => {
    const visitor = t.browser();
    for (const body of [{ key: 'a\u0001' }, { key: 'a\u007f' }, { key: 'x', ['a\u0000']: 1 }, { key: 'x', list: [[{ deep: nul }]] }]) {
      expect(await visitor.post(searchCalls.searchProductList.path, body)).toMatchObject({ code: 400, msg: controlCharsMessage });
    }
    // The walk keeps its own stack: a body nested deeper than any call stack is answered, not a 500.
    await visitor.get('/');
    const depth = 100_000;
    const response = await t.app.inject({
      method: 'POST',
      url: searchCalls.searchProductList.path,
      payload: `{"key":"x","nested":${'['.repeat(depth)}${JSON.stringify(nul)}${']'.repeat(depth)}}`,
      headers: { 'content-type': 'application/json', cookie: visitor.cookieHeader(), [csrfHeaderName]: visitor.cookie(csrfCookieName) ?? '' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: 400, msg: controlCharsMessage });
  });

  it('lets tab, line feed and carriage return through to the schema', async () => {
    const envelope = await t.browser().post(searchCalls.searchProductList.path, { key: 'lm358\t\r\n' });
    expect(envelope).toMatchObject({ code: 1 });
  });
});
