import type { InjectionFixture } from './injection-fixture.ts';
import { urlComponentOf, type XssVector } from './xss-vectors.ts';

/** A reflected parameter of a page: where a vector goes, and who opens the page. */
export interface XssTarget {
  name: string;
  url: (vector: XssVector) => string;
  /** Opened in the member's browser context (member pages; redirects of members). */
  isMember: boolean;
  /** Part of the quick form (CI). */
  isQuick: boolean;
}

type Place = (component: string) => string;

function target(name: string, place: Place, options: { isMember?: boolean; isQuick?: boolean } = {}): XssTarget {
  return { name, url: (vector) => place(urlComponentOf(vector)), isMember: options.isMember ?? false, isQuick: options.isQuick ?? false };
}

/** The vector as a string inside JSON inside the URL: `prefix` and `suffix` are JSON text around it. */
function insideJson(prefix: string, suffix: string): (vector: XssVector) => string {
  return (vector) => {
    const text = vector.isRaw ? vector.text : encodeURIComponent(JSON.stringify(vector.text).slice(1, -1));
    return `${encodeURIComponent(prefix)}${text}${encodeURIComponent(suffix)}`;
  };
}

function searchTargets(fixture: InjectionFixture): XssTarget[] {
  const key = encodeURIComponent(fixture.searchKey);
  return [
    target('search key', (v) => `/search?key=${v}`, { isQuick: true }),
    target('search package', (v) => `/search?key=${key}&package=${v}`, { isQuick: true }),
    ...['category', 'brand', 'stock', 'sort', 'page'].map((name) => target(`search ${name}`, (v) => `/search?key=${key}&${name}=${v}`)),
  ];
}

function chooseTargets(fixture: InjectionFixture): XssTarget[] {
  const path = `/choose/${fixture.categoryFirstId}-${fixture.categorySecondId}`;
  const value = insideJson(`{"${fixture.textFacet.key}":["`, '"]}');
  const key = insideJson('{"', '":["x"]}');
  return [
    target('choose filter', (v) => `${path}?filter=${v}`),
    { name: 'choose filter value', url: (vector) => `${path}?filter=${value(vector)}`, isMember: false, isQuick: true },
    { name: 'choose filter key', url: (vector) => `${path}?filter=${key(vector)}`, isMember: false, isQuick: false },
    ...['stock', 'sort', 'page'].map((name) => target(`choose ${name}`, (v) => `${path}?${name}=${v}`)),
  ];
}

function listTargets(fixture: InjectionFixture): XssTarget[] {
  const brand = `/brand/${fixture.brandId}`;
  return [
    target('brand package', (v) => `${brand}?package=${v}`, { isQuick: true }),
    ...['category', 'stock', 'sort', 'page'].map((name) => target(`brand ${name}`, (v) => `${brand}?${name}=${v}`)),
    target('discount subject', (v) => `/product/discount?subject=${v}`, { isQuick: true }),
    target('discount package', (v) => `/product/discount?subject=A01&package=${v}`),
    target('discount category', (v) => `/product/discount?subject=A03&category=${v}`),
  ];
}

function accountTargets(): XssTarget[] {
  return [
    target('login return', (v) => `/account/login?return=${v}`, { isQuick: true }),
    target('login mode', (v) => `/account/login?mode=${v}`),
    target('login return (member, redirected)', (v) => `/account/login?return=${v}`, { isMember: true, isQuick: true }),
    target('register inviter', (v) => `/account/register?inviter=${v}`, { isQuick: true }),
    target('register return', (v) => `/account/register?return=${v}`),
    target('register return (member, redirected)', (v) => `/account/register?return=${v}`, { isMember: true }),
    target('home inviter', (v) => `/?inviter=${v}`),
    target('news kind', (v) => `/news?kind=${v}`),
    target('news page', (v) => `/news?page=${v}`),
    target('messages type', (v) => `/user/message/list?type=${v}`, { isMember: true, isQuick: true }),
    target('messages unread', (v) => `/user/message/list?unread=${v}`, { isMember: true }),
    target('messages page', (v) => `/user/message/list?page=${v}`, { isMember: true }),
    target('message id', (v) => `/user/message/details?id=${v}`, { isMember: true }),
  ];
}

/** Path parameters and unknown paths (the 404 page). */
function pathTargets(mobilePrefix: string): XssTarget[] {
  return [
    target('404 path', (v) => `/${v}`, { isQuick: true }),
    target('product id', (v) => `/product/detail/${v}`),
    target('brand id', (v) => `/brand/${v}`),
    target('news id', (v) => `/news/${v}`),
    target('choose categories', (v) => `/choose/${v}`),
    target('mobile product id', (v) => `${mobilePrefix}/product/detail/${v}`),
  ];
}

export function xssTargets(fixture: InjectionFixture, mobilePrefix = '/m'): XssTarget[] {
  return [...searchTargets(fixture), ...chooseTargets(fixture), ...listTargets(fixture), ...accountTargets(), ...pathTargets(mobilePrefix)];
}
