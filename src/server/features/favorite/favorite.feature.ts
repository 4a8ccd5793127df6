import type { FeatureRegistration } from '../feature-registration.ts';
import { registerFavoriteRoutes } from './favorite.routes.ts';

/** Adding parts to and removing them from the member's favorites. */
export const registerFavoriteFeature: FeatureRegistration = (app, deps) => {
  registerFavoriteRoutes(app, deps.db);
};
