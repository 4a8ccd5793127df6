/**
 * Which pages a visitor is served from the page cache, what each one's bytes depend on, and which
 * addresses of it are kept. Anything not named here (member pages, the help pages with their
 * per-visitor votes, search results, a page with an unknown query parameter) is rendered each time.
 */

/** What drops a kept page besides site content (every page drops on that): any catalogue change, or its own product's. */
export type PageDependence = 'site' | 'catalog' | 'product';

export interface CacheablePage {
  dependsOn: PageDependence;
  /** Path parameters and the form each must have (one address per page: no `/product/detail/007`). */
  params?: Readonly<Record<string, RegExp>>;
  /** The only query parameters an address kept may carry, each once, in this form. */
  query?: Readonly<Record<string, RegExp>>;
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
};

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
