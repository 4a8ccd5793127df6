import type { FeatureRegistration } from '../feature-registration.ts';
import { registerMessageRoutes } from './message.routes.ts';
import { messagePages } from './message.pages.ts';

/** Members' messages: the list and detail pages and the read calls. */
export const registerMessageFeature: FeatureRegistration = (app, deps, pages) => {
  registerMessageRoutes(app, deps.db);
  pages.push(...messagePages(deps));
};
