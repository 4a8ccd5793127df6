import type { FeatureRegistration } from '../feature-registration.ts';
import { wechatPages } from './wechat.pages.ts';
import { registerWechatRoutes } from './wechat.routes.ts';

/** Issue 12: WeChat scan login — the four calls, the callback, and the page that gives a scanned WeChat a phone. */
export const registerWechatFeature: FeatureRegistration = (app, deps, pages) => {
  registerWechatRoutes(app, deps);
  pages.push(...wechatPages(deps));
};
