import type { FeatureRegistration } from '../feature-registration.ts';
import { staffPages } from './staff.pages.ts';
import { registerAuditRoutes, registerStaffAuthRoutes, registerStaffDeskRoutes } from './staff.routes.ts';

/** 管理后台 (issue 14): staff accounts and sessions, login with TOTP, the console's pages. */
export const registerStaffFeature: FeatureRegistration = (app, deps, pages) => {
  registerStaffAuthRoutes(app, deps);
  registerStaffDeskRoutes(app, deps);
  registerAuditRoutes(app, deps);
  pages.push(...staffPages(deps));
};
