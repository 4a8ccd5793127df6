import type { FeatureRegistration } from '../feature-registration.ts';
import { accountPages } from './account.pages.ts';
import { registerAccountRoutes } from './account.routes.ts';
import { registerDevRoutes } from './dev.routes.ts';

/** Issue 2: accounts, SMS and graphic codes, the login / register / agreement pages (the member centre: features/member). */
export const registerAccountFeature: FeatureRegistration = (app, deps, pages) => {
  registerAccountRoutes(app, deps);
  registerDevRoutes(app, deps);
  pages.push(...accountPages(deps));
};
