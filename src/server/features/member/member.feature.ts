import type { FeatureRegistration } from '../feature-registration.ts';
import { memberPages } from './member.pages.ts';
import { registerMemberRoutes } from './member.routes.ts';

/** Issue 12: the member centre's overview, profile and account security. */
export const registerMemberFeature: FeatureRegistration = (app, deps, pages) => {
  registerMemberRoutes(app, deps);
  pages.push(...memberPages(deps));
};
