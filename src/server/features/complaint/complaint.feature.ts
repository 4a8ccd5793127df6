import type { FeatureRegistration } from '../feature-registration.ts';
import { createReturnExpiry } from './complaint-return-expiry.ts';
import { complaintPages } from './complaint.pages.ts';
import { registerComplaintRoutes } from './complaint.routes.ts';

/** After-sales complaints: the member's calls, the /user/feedback pages, and the clock closing returns not sent back, in each process. */
export const registerComplaintFeature: FeatureRegistration = (app, deps, pages) => {
  const expiry = createReturnExpiry(deps.db, deps.logger);
  app.addHook('onListen', async () => expiry.start());
  app.addHook('onClose', async () => expiry.close());
  registerComplaintRoutes(app, deps);
  pages.push(...complaintPages(deps));
};
