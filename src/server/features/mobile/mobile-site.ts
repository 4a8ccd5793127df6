/**
 * Phones are sent to the mobile site (spec §1): the buying path (home, search, categories,
 * product, cart, login, registration, member centre, orders, checkout, the BOM tool, 常购清单, 商品对比, 公司订单, 对账单) has mobile counterparts.
 * config.mobileSite is a path prefix served by this app (`/m`) or the origin of a separate
 * mobile site (`https://m.example.com`).
 */
const mobileUserAgent =
  /\b(iPhone|iPod|Windows Phone|IEMobile|BlackBerry|BB10|Opera Mini|webOS)\b|Android.*\bMobile\b|\bMobile\b.*Firefox|HarmonyOS.*\bPhone\b/i;

export function isMobileUserAgent(userAgent: string | undefined): boolean {
  return userAgent !== undefined && mobileUserAgent.test(userAgent);
}

/** The path prefix this app serves its mobile pages under. */
export function mobilePathPrefix(mobileSite: string): string {
  return mobileSite.startsWith('/') ? mobileSite : '/m';
}

/**
 * The desktop pages a phone is sent to, and their mobile paths (under the prefix). Every other
 * page stays on the desktop site by design (docs/areas/mobile-site.md says which and why).
 */
const mobileRoutes: readonly { desktop: RegExp; mobile: (match: RegExpExecArray) => string }[] = [
  { desktop: /^\/?$/, mobile: () => '' },
  { desktop: /^\/product\/detail\/(\d{1,10})\/?$/, mobile: (m) => `/product/detail/${m[1] ?? ''}` },
  { desktop: /^\/search\/?$/, mobile: () => '/search' },
  { desktop: /^\/catalogue\/?$/, mobile: () => '/catalogue' },
  { desktop: /^\/choose\/(\d{1,10}(?:-\d{1,10})?)\/?$/, mobile: (m) => `/choose/${m[1] ?? ''}` },
  { desktop: /^\/cart\/?$/, mobile: () => '/cart' },
  { desktop: /^\/account\/login\/?$/, mobile: () => '/account/login' },
  { desktop: /^\/account\/register\/?$/, mobile: () => '/account/register' },
  { desktop: /^\/user\/person\/?$/, mobile: () => '/user/person' },
  { desktop: /^\/user\/order\/list\/?$/, mobile: () => '/user/order/list' },
  { desktop: /^\/user\/order\/detail\/([A-Za-z0-9]{1,40})\/?$/, mobile: (m) => `/user/order/detail/${m[1] ?? ''}` },
  { desktop: /^\/offer\/settlement\/?$/, mobile: () => '/offer/settlement' },
  { desktop: /^\/offer\/pay\/([A-Za-z0-9]{1,40})\/?$/, mobile: (m) => `/offer/pay/${m[1] ?? ''}` },
  { desktop: /^\/bom\/?$/, mobile: () => '/bom' },
  { desktop: /^\/user\/purchase-list\/?$/, mobile: () => '/user/purchase-list' },
  { desktop: /^\/user\/purchase-list\/(\d{1,10})\/?$/, mobile: (m) => `/user/purchase-list/${m[1] ?? ''}` },
  { desktop: /^\/product\/compare\/?$/, mobile: () => '/product/compare' },
  { desktop: /^\/user\/company\/orders\/?$/, mobile: () => '/user/company/orders' },
  { desktop: /^\/user\/company\/statements\/?$/, mobile: () => '/user/company/statements' },
];

/** The mobile path of a desktop path, or null when the page has no mobile counterpart. */
export function mobilePathOf(pathname: string): string | null {
  for (const route of mobileRoutes) {
    const match = route.desktop.exec(pathname);
    if (match) return route.mobile(match);
  }
  return null;
}

/** Where a phone asking for `url` (path and query) goes, or null to stay. The query travels along. */
export function mobileRedirectTarget(url: string, mobileSite: string): string | null {
  const queryStart = url.indexOf('?');
  const pathname = queryStart === -1 ? url : url.slice(0, queryStart);
  const query = queryStart === -1 ? '' : url.slice(queryStart);
  const mobilePath = mobilePathOf(pathname);
  if (mobilePath === null) return null;
  // A prefix's home is the prefix itself (/m); another origin's home is its root (https://m.example.com/).
  if (mobileSite.startsWith('/')) return `${mobileSite}${mobilePath}${query}`;
  return `${mobileSite.replace(/\/$/, '')}${mobilePath || '/'}${query}`;
}

/** `?pc=1` asks for the desktop site; the choice is kept in a cookie until `?pc=0`. */
export const preferDesktopCookie = 'preferPc';

export function desktopChoiceOf(query: unknown): 'desktop' | 'mobile' | null {
  const value = typeof query === 'object' && query !== null && 'pc' in query ? query.pc : undefined;
  if (value === '1') return 'desktop';
  if (value === '0') return 'mobile';
  return null;
}
