import type { FeatureRegistration } from '../feature-registration.ts';
import { bomPages } from './bom.pages.ts';
import { registerBomRoutes } from './bom.routes.ts';

/** The BOM tool (/bom): reading and matching BOMs, members' saved BOMs (/user/bom), their exports and the cart step. */
export const registerBomFeature: FeatureRegistration = (app, deps, pages) => {
  registerBomRoutes(app, deps);
  pages.push(...bomPages(deps));
};
