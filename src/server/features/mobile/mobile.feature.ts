import type { FeatureRegistration } from '../feature-registration.ts';
import { registerMobileRedirect } from './mobile-redirect.ts';
import { mobilePathPrefix } from './mobile-site.ts';
import { mobilePages } from './mobile.pages.ts';
import { mobileBrowsePages } from './mobile-browse.pages.ts';
import { mobileBuyPages } from './mobile-buy.pages.ts';
import { mobileBomPages } from './mobile-bom.pages.ts';
import { mobileCompanyPages } from './mobile-company.pages.ts';

/** The mobile site: phones are redirected to it, and its home and product pages live under its prefix. */
export const registerMobileFeature: FeatureRegistration = (app, deps, pages) => {
  registerMobileRedirect(app, deps.config);
  pages.push(...mobilePages(deps, mobilePathPrefix(deps.config.mobileSite)));
  pages.push(...mobileBrowsePages(deps, mobilePathPrefix(deps.config.mobileSite)));
  pages.push(...mobileBuyPages(deps, mobilePathPrefix(deps.config.mobileSite)));
  pages.push(...mobileBomPages(deps, mobilePathPrefix(deps.config.mobileSite)));
  pages.push(...mobileCompanyPages(deps, mobilePathPrefix(deps.config.mobileSite)));
};
