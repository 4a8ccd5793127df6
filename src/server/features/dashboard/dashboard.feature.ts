import type { FeatureRegistration } from '../feature-registration.ts';
import { dashboardPages } from './dashboard.pages.ts';
import { registerDashboardRoutes } from './dashboard.routes.ts';

/** 数据概览: the console's home (/admin) and its figures. */
export const registerDashboardFeature: FeatureRegistration = (app, deps, pages) => {
  registerDashboardRoutes(app, deps);
  pages.push(...dashboardPages(deps));
};
