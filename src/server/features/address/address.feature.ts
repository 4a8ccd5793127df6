import type { FeatureRegistration } from '../feature-registration.ts';
import { addressPages } from './address.pages.ts';
import { registerAddressRoutes } from './address.routes.ts';

/** The divisions cascade (public calls), the member's address book (calls and the /user/address page). */
export const registerAddressFeature: FeatureRegistration = (app, deps, pages) => {
  registerAddressRoutes(app, deps.db);
  pages.push(...addressPages(deps));
};
