import type { FeatureRegistration } from '../all-features.ts';
import { homePages } from './home.pages.ts';

/** The home page and the company page its about-us banner leads to. */
export const registerHomeFeature: FeatureRegistration = (_app, _deps, pages) => {
  pages.push(...homePages());
};
