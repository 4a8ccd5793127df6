import type { FeatureRegistration } from '../all-features.ts';
import { newsPages } from './news.pages.ts';

/** Announcements and news: /news and /news/{newsId}. */
export const registerNewsFeature: FeatureRegistration = (_app, _deps, pages) => {
  pages.push(...newsPages());
};
