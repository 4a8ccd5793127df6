import type { FeatureRegistration } from '../feature-registration.ts';
import { homePages } from './home.pages.ts';

/** The home page and the company page its about-us banner leads to. */
export const registerHomeFeature: FeatureRegistration = (_app, deps, pages) => {
  pages.push(...homePages(deps));
};
