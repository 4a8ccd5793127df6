import type { FeatureRegistration } from '../feature-registration.ts';
import { registerContentImageFiles, registerContentImageUpload } from './content-image.routes.ts';
import { contentDeskPages } from './content-desk.pages.ts';
import { registerContentDeskRoutes } from './content-desk.routes.ts';

/** 内容管理 (issue 14): banners and bulletin, news, help and company pages, ads, hot keywords, links, site settings, the home preview. */
export const registerContentDeskFeature: FeatureRegistration = (app, deps, pages) => {
  registerContentDeskRoutes(app, deps);
  registerContentImageUpload(app, deps);
  pages.push(...contentDeskPages(deps));
};

/** The pictures the desk stores (banners, ads, the WeChat QR), shown by the shop ({image base}cms/<file>), in the shop's scope. */
export const registerContentPicturesFeature: FeatureRegistration = (app, deps) => {
  registerContentImageFiles(app, deps);
};
