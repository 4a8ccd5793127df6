import type { FeatureRegistration } from '../feature-registration.ts';
import { registerOpenApiRoutes } from './open-api.routes.ts';
import { openPlatformPages } from './open-platform.pages.ts';
import { registerApiKeyRoutes } from './open-platform.routes.ts';

/** 开放平台: members' API keys (/user/api-keys), the /open/v1 API for programs and its documentation (/api/index). */
export const registerOpenPlatformFeature: FeatureRegistration = (app, deps, pages) => {
  registerApiKeyRoutes(app, deps);
  registerOpenApiRoutes(app, deps);
  pages.push(...openPlatformPages(deps));
};
