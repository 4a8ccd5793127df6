import type { FeatureRegistration } from '../feature-registration.ts';
import { catalogContextOf } from '../catalog/choose/choose.service.ts';
import { activityPages } from './activity.pages.ts';

/** 优惠活动 /activity: the store's current campaigns on one page. */
export const registerActivityFeature: FeatureRegistration = (_app, deps, pages) => {
  pages.push(...activityPages(deps, catalogContextOf(deps)));
};
