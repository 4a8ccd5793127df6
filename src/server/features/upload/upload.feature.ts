import type { FeatureRegistration } from '../feature-registration.ts';
import { registerUploadRoutes } from './upload.routes.ts';

/** Upload tokens (/common/api/getQiniuToken), the store's own upload endpoint and the stored files under the image base address. */
export const registerUploadFeature: FeatureRegistration = (app, deps) => {
  registerUploadRoutes(app, deps);
};
