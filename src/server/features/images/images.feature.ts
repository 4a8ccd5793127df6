import type { FeatureRegistration } from '../feature-registration.ts';
import { registerImageRoutes } from './images.routes.ts';

/** Generated pictures: package drawings, brand wordmarks and the default avatar. */
export const registerImagesFeature: FeatureRegistration = (app, deps) => {
  registerImageRoutes(app, deps);
};
