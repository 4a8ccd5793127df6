import type { FeatureRegistration } from '../feature-registration.ts';
import { registerDashboardRoutes } from './dashboard.routes.ts';

/** 数据概览: the figures of the console's home (/admin), whose page the staff feature renders. */
export const registerDashboardFeature: FeatureRegistration = (app, deps) => {
  registerDashboardRoutes(app, deps);
};
