import type { FeatureRegistration } from '../feature-registration.ts';
import { crossReferencePage } from './cross-reference.pages.ts';
import { registerCrossReferenceRoutes } from './cross-reference.routes.ts';

/** 型号替代查询 (issue 27): the page /cross-reference and its call, answered from the app's search index. */
export const registerCrossReferenceFeature: FeatureRegistration = (app, deps, pages) => {
  const context = { db: deps.db, search: deps.search };
  registerCrossReferenceRoutes(app, context);
  pages.push(crossReferencePage(context, deps.config.siteName));
};
