import { safeReturnPath } from '../../../contract/account.ts';
import { mobileBuyPaths } from '../../../contract/mobile-buy.ts';
import { mobileRedirectTarget } from './mobile-site.ts';

/**
 * Where a mobile login or registration goes afterwards: the checked return path, on the mobile site
 * when it came from there or its desktop page has a mobile counterpart (a desktop-only page such as
 * /user/coupon stays as it is); the mobile login and register pages themselves never.
 */
export function mobileReturnPath(value: string | undefined, basePath: string, fallback: string): string {
  if (!value) return fallback;
  const safe = safeReturnPath(value);
  const paths = mobileBuyPaths(basePath);
  if (safe.startsWith(paths.login) || safe.startsWith(paths.register)) return fallback;
  if (safe === basePath || safe.startsWith(`${basePath}/`) || safe.startsWith(`${basePath}?`)) return safe;
  return mobileRedirectTarget(safe, basePath) ?? safe;
}

/** The mobile login page's address, coming back to `returnPath` (a mobile path). */
export function mobileLoginPath(basePath: string, returnPath: string): string {
  return `${mobileBuyPaths(basePath).login}?return=${encodeURIComponent(returnPath)}`;
}
