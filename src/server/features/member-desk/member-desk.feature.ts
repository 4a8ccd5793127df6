import type { FeatureRegistration } from '../feature-registration.ts';
import { memberDeskPages } from './member-desk.pages.ts';
import { registerMemberDeskRoutes } from './member-desk.routes.ts';

/** 会员管理, 专属销售, 联系留言, 供应商审核: the console's members and service desk (issue 14). */
export const registerMemberDeskFeature: FeatureRegistration = (app, deps, pages) => {
  registerMemberDeskRoutes(app, deps);
  pages.push(...memberDeskPages(deps));
};
