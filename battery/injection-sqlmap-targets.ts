import { randomInt } from 'node:crypto';
import { accountCalls } from '../src/contract/account-calls.ts';
import { catalogCalls } from '../src/contract/catalog-calls.ts';
import { searchCalls } from '../src/contract/search-calls.ts';
import { sessionCookieName } from '../src/server/http/session.ts';
import type { InjectionFixture } from './injection-fixture.ts';

/** One request sqlmap attacks: a page with its query parameters, or a JSON call with `*` markers. */
export interface SqlmapTarget {
  name: string;
  /** Path and query, for sqlmap's -u. */
  path: string;
  /** A call's JSON body: each value ending in `*` is an injection point (sqlmap escapes quotes inside JSON strings). */
  body?: string;
  /** A page's parameters to test (sqlmap's -p; a cookie's name tests that cookie). */
  parameters?: string[];
  /** How many injection points sqlmap must report as tested for a clean verdict. */
  pointCount: number;
  /** Each request from its own loopback address (the login's per-address limit would answer the rest). */
  rotatesSourceAddress?: boolean;
  /** Applied by the proxy to each body sqlmap sends: sqlmap breaks JSON nested in a JSON string, so it attacks a flat body. */
  rewriteBody?: (body: string) => string;
}

const filterPrefix = 'filter:';

/** `{"filter:12": "0603", …}` → `{"filter": "{\"12\":[\"0603\"]}", …}`; a body that is no JSON object goes as it came. */
function nestFilter(body: string): string {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return body;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return body;
  const flat: Record<string, unknown> = {};
  const filter: Record<string, unknown[]> = {};
  for (const [key, item] of Object.entries(value)) {
    if (key.startsWith(filterPrefix)) filter[key.slice(filterPrefix.length)] = [item];
    else flat[key] = item;
  }
  return JSON.stringify({ ...flat, filter: JSON.stringify(filter) });
}

/** JSON with `*` markers kept: numbers travel as strings (the schemas coerce them), so a payload after them stays valid JSON. */
function markedBody(values: Record<string, string>): { body: string; pointCount: number } {
  const body = JSON.stringify(values);
  return { body, pointCount: (body.match(/\*/g) ?? []).length };
}

function searchPage(fixture: InjectionFixture, quick: boolean): SqlmapTarget {
  const query = new URLSearchParams({
    key: fixture.searchKey,
    category: String(fixture.categorySecondId),
    brand: fixture.brandId,
    package: fixture.packageName,
    stock: '0',
    sort: '0',
    page: '1',
  });
  // Level 2 means cookies too: the session id is looked up for members.
  const parameters = quick ? ['key', 'package'] : [...query.keys(), sessionCookieName];
  return { name: 'search page', path: `/search?${query.toString()}`, parameters, pointCount: parameters.length };
}

function suggestions(fixture: InjectionFixture): SqlmapTarget {
  return { name: 'search suggestions', path: searchCalls.searchAssociateWord.path, ...markedBody({ key: `${fixture.searchKey}*` }) };
}

function parametricList(fixture: InjectionFixture, quick: boolean): SqlmapTarget {
  const mark = (value: string | number, isMarked = true) => `${value}${isMarked ? '*' : ''}`;
  const marked = markedBody({
    categoryFirstId: mark(fixture.categoryFirstId, !quick),
    categorySecondId: mark(fixture.categorySecondId),
    stock: mark(0, !quick),
    page: mark(1, !quick),
    sort: mark(0, !quick),
    [`${filterPrefix}${fixture.textFacet.key}`]: mark(fixture.textFacet.value),
    ...(quick ? {} : { [`${filterPrefix}brand`]: mark(fixture.brandId) }),
  });
  return { name: 'parametric list', path: catalogCalls.queryAttrbuteProductList.path, ...marked, rewriteBody: nestFilter };
}

/**
 * A user number that is no member's, short so that most payloads fit the account's 32 characters.
 * sqlmap never logs in, so every request is a failure: from one address, the 21st and later would
 * all be answered account.locked, and boolean-based tests could tell nothing apart.
 */
function login(quick: boolean): SqlmapTarget {
  const account = `U${randomInt(10, 100)}`;
  const marked = markedBody({ loginType: 'password', userAccount: `${account}*`, password: quick ? 'Wrong-pass1' : 'Wrong-pass1*' });
  return { name: 'login', path: accountCalls.doLogin.path, ...marked, rotatesSourceAddress: true };
}

export function sqlmapTargets(fixture: InjectionFixture, quick: boolean): SqlmapTarget[] {
  return [searchPage(fixture, quick), suggestions(fixture), parametricList(fixture, quick), login(quick)];
}
