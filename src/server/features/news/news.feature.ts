import type { FeatureRegistration } from '../feature-registration.ts';
import { newsPages } from './news.pages.ts';

/** Announcements and news: /news and /news/{newsId}. */
export const registerNewsFeature: FeatureRegistration = (_app, deps, pages) => {
  pages.push(...newsPages(deps));
};
