import type { FeatureRegistration } from '../feature-registration.ts';
import { registerSeoRoutes } from './seo.routes.ts';
import { defaultSitemapOptions } from './sitemap.service.ts';

/** Issue 13, search engines: /robots.txt and the sitemaps under /public/. */
export const registerSeoFeature: FeatureRegistration = (app, deps) => {
  registerSeoRoutes(app, deps, defaultSitemapOptions);
};
