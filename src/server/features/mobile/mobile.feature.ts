import type { FeatureRegistration } from '../all-features.ts';
import { registerMobileRedirect } from './mobile-redirect.ts';
import { mobilePathPrefix } from './mobile-site.ts';
import { mobilePages } from './mobile.pages.ts';

/** The mobile site: phones are redirected to it, and its home and product pages live under its prefix. */
export const registerMobileFeature: FeatureRegistration = (app, deps, pages) => {
  registerMobileRedirect(app, deps.config);
  pages.push(...mobilePages(mobilePathPrefix(deps.config.mobileSite)));
};
