import type { FeatureRegistration } from '../feature-registration.ts';
import { registerContentRoutes } from './content.routes.ts';

/** Shell content: ad closes and the demo content pictures. */
export const registerContentFeature: FeatureRegistration = (app, deps) => {
  registerContentRoutes(app, deps);
};
