import { sitemapIndexPath } from '../../../contract/seo.ts';

/**
 * Crawlers may read every public page; not the member centre, sign-in, cart and checkout (nobody's
 * search result, and each answers a visitor with a redirect to the login page), nor the JSON calls
 * (POST /…/api/…), the open platform's API and the staff console. /api/index, the open platform's documentation, stays
 * open. Baidu, Google and Bing all read the * wildcard.
 */
export const disallowedPaths = [
  '/user/',
  '/account/',
  '/cart',
  '/offer/',
  '/m/user/',
  '/m/account/',
  '/m/cart',
  '/m/offer/',
  '/*/api/',
  '/open/',
  '/admin',
] as const;

export function robotsTxt(origin: string): string {
  return ['User-agent: *', ...disallowedPaths.map((path) => `Disallow: ${path}`), 'Allow: /', '', `Sitemap: ${origin}${sitemapIndexPath}`, ''].join('\n');
}
