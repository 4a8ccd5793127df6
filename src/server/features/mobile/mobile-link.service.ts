import { isMobileUserAgent } from './mobile-site.ts';

/**
 * The desktop shell's 手机版 link: for a phone (one that chose the desktop site with ?pc=1), the
 * mobile home with ?pc=0, which forgets that choice; null for every other browser.
 */
export function mobileSiteLinkFor(userAgent: string | undefined, mobileSite: string): string | null {
  if (!isMobileUserAgent(userAgent)) return null;
  return mobileSite.startsWith('/') ? `${mobileSite}?pc=0` : `${mobileSite.replace(/\/$/, '')}/?pc=0`;
}

/**
 * For other features that key on the device choice (the page cache): where the phone pages live, the cookie of a phone that
 * chose the desktop site, and whether a phone asking for an address is redirected (the early answer leaves those to the redirect).
 */
export { isMobileUserAgent, mobilePathPrefix, mobileRedirectTarget, preferDesktopCookie } from './mobile-site.ts';
