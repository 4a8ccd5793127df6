import { activityPath } from '../../../contract/activity.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { definePage, type Page } from '../../ssr/page-registry.ts';
import { ActivityPage } from '../../../web/pages/activity-page.tsx';
import type { CatalogContext } from '../catalog/choose/choose.service.ts';
import { loadActivity } from './activity.service.ts';

export function activityPages(deps: ServiceDeps, catalog: CatalogContext): Page[] {
  const siteName = deps.config.siteName;
  return [
    definePage({
      path: activityPath,
      entry: 'activity',
      component: ActivityPage,
      async load({ userId }) {
        const data = await loadActivity(catalog, userId);
        return {
          title: `优惠活动 - ${siteName}`,
          description: `${siteName}优惠活动：领券中心${String(data.couponCentre.claimableCount)}张优惠券可领，特价专区${String(data.specialOffers.total)}款特价元器件，新人礼包注册即送。`,
          data,
        };
      },
    }),
  ];
}
