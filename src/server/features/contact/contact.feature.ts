import type { FeatureRegistration } from '../feature-registration.ts';
import { contactPages } from './contact.pages.ts';
import { registerContactRoutes } from './contact.routes.ts';

/** 联系我们: the page, its office maps and the contact form's call. */
export const registerContactFeature: FeatureRegistration = (app, deps, pages) => {
  registerContactRoutes(app, deps);
  pages.push(...contactPages(deps));
};
