import type { FeatureRegistration } from '../feature-registration.ts';
import { companyCreditPages } from './company-credit.pages.ts';
import { registerCompanyCreditRoutes } from './company-credit.routes.ts';
import { createStatementClock } from './statement-clock.ts';

/** 月结 and 对账单 (decision 0030): the members' statements page and downloads, and the statements' clock in each process. */
export const registerCompanyCreditFeature: FeatureRegistration = (app, deps, pages) => {
  const clock = createStatementClock(deps.db, deps.logger, deps.clock);
  app.addHook('onListen', async () => clock.start());
  app.addHook('onClose', async () => clock.close());
  registerCompanyCreditRoutes(app, deps);
  pages.push(...companyCreditPages(deps));
};
