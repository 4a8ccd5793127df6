/**
 * Which pages a visitor is served from the page cache, what each one's bytes depend on, and which
 * addresses of it are kept. Anything not named here (member pages, the help pages with their
 * per-visitor votes, a page with an unknown query parameter) is rendered each time.
 */
import { readSearchParams, searchKeyMaxLength, searchParamsUrl } from '../../../contract/search.ts';

/** What drops a kept page besides site content (every page drops on that): any catalogue change, or its own product's. */
export type PageDependence = 'site' | 'catalog' | 'product';

export interface CacheablePage {
  dependsOn: PageDependence;
  /** Path parameters and the form each must have (one address per page: no `/product/detail/007`). */
  params?: Readonly<Record<string, RegExp>>;
  /** The only query parameters an address kept may carry, each once, in this form. */
  query?: Readonly<Record<string, RegExp>>;
  /** Instead of `query`: whether the address, query and all, is the page's one normal form (search results). */
  isNormalAddress?: (url: string) => boolean;
  /** A shorter bound than the cache's own minute (pageCacheLimits.ttlMs), for a page made from something that trails the change log. */
  maxAgeMs?: number;
}

const id = /^[1-9]\d{0,9}$/;
const pageNumber = /^[2-9]$|^[1-9]\d{1,2}$/;

/** The desktop pages by route path; the mobile site's under its prefix (mobileCacheablePages). */
const desktopPages: Readonly<Record<string, CacheablePage>> = {
  '/': { dependsOn: 'catalog' },
  '/catalogue': { dependsOn: 'site' },
  '/brand': { dependsOn: 'catalog' },
  '/brand/:brandId': { dependsOn: 'catalog', params: { brandId: id }, query: { page: pageNumber } },
  '/choose/:categoryIds': { dependsOn: 'catalog', params: { categoryIds: /^[1-9]\d{0,8}(?:-[1-9]\d{0,8})?$/ }, query: { page: pageNumber } },
  '/product/discount': { dependsOn: 'catalog', query: { subject: /^A0[13]$/, page: pageNumber } },
  '/product/detail/:productId': { dependsOn: 'product', params: { productId: id } },
  '/news': { dependsOn: 'site', query: { kind: /^[a-z]{1,20}$/, page: pageNumber } },
  '/news/:newsId': { dependsOn: 'site', params: { newsId: id } },
  // Results follow the whole catalogue, so any part's change drops them; kept per normal address (the site's own links).
  // The search index reads the change log on its own second, so a results page rendered in the second after a change
  // may show the index from before it: such a copy lives 10 s at most, not the minute of other pages.
  '/search': { dependsOn: 'catalog', isNormalAddress: isNormalSearchAddress, maxAgeMs: 10_000 },
};

/**
 * A results page is kept only at the address the site's own links write for its query
 * (searchParamsUrl: its parameters in one order, defaults left out, the keyword trimmed and
 * encoded one way), so two spellings of one search share nothing and cannot fill the cache.
 */
function isNormalSearchAddress(url: string): boolean {
  const at = url.indexOf('?');
  if (at < 0) return false;
  const query: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(url.slice(at + 1))) query[name] ??= value;
  const params = readSearchParams(query);
  const key = params.key;
  const isKeptKey = key !== '' && key === key.trim() && key.length <= searchKeyMaxLength;
  return isKeptKey && searchParamsUrl(params) === url;
}

function mobileCacheablePages(prefix: string): Record<string, CacheablePage> {
  return {
    [prefix]: { dependsOn: 'catalog' },
    [`${prefix}/catalogue`]: { dependsOn: 'site' },
    [`${prefix}/product/detail/:productId`]: { dependsOn: 'product', params: { productId: id } },
  };
}

export function cacheablePagesOf(mobilePathPrefix: string | null): ReadonlyMap<string, CacheablePage> {
  return new Map(Object.entries({ ...desktopPages, ...(mobilePathPrefix ? mobileCacheablePages(mobilePathPrefix) : {}) }));
}

/**
 * Whether this address of the page is one that is kept: no trailing slash, path parameters in
 * their one form, and only the page's own query parameters, each once and well formed. Random
 * query strings are thus rendered each time and can never fill the cache.
 */
export function isCacheableAddress(rule: CacheablePage, url: string, params: unknown): boolean {
  const [path, search] = splitOnce(url, '?');
  if (path.length > 1 && path.endsWith('/')) return false;
  const given = typeof params === 'object' && params !== null ? (params as Record<string, unknown>) : {};
  for (const [name, form] of Object.entries(rule.params ?? {})) {
    const value = given[name];
    if (typeof value !== 'string' || !form.test(value)) return false;
  }
  if (rule.isNormalAddress) return rule.isNormalAddress(url);
  if (search === undefined) return true;
  if (search === '') return false;
  const seen = new Set<string>();
  for (const pair of search.split('&')) {
    const [name, value = ''] = splitOnce(pair, '=');
    const form = rule.query?.[name];
    if (!form || seen.has(name) || !form.test(value)) return false;
    seen.add(name);
  }
  return true;
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}
