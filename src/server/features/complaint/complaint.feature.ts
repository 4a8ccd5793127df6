import type { FeatureRegistration } from '../feature-registration.ts';
import { complaintPages } from './complaint.pages.ts';
import { registerComplaintRoutes } from './complaint.routes.ts';

/** After-sales complaints: the member's calls and the /user/feedback pages. */
export const registerComplaintFeature: FeatureRegistration = (app, deps, pages) => {
  registerComplaintRoutes(app, deps);
  pages.push(...complaintPages(deps));
};
