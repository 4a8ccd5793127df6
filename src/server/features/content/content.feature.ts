import type { FeatureRegistration } from '../all-features.ts';
import { registerContentRoutes } from './content.routes.ts';

/** Shell content: ad closes and the demo content pictures. */
export const registerContentFeature: FeatureRegistration = (app, deps) => {
  registerContentRoutes(app, deps);
};
