import { marketingDeskPaths, type CouponEditPageData, type CouponsDeskPageData, type MarketingSettingsPageData } from '../../../contract/console/marketing.ts';
import { AdminCouponEditPage } from '../../../web/console/pages/coupon-edit-page.tsx';
import { AdminCouponsPage } from '../../../web/console/pages/coupons-page.tsx';
import { AdminMarketingSettingsPage } from '../../../web/console/pages/marketing-settings-page.tsx';
import type { Page } from '../../ssr/page-registry.ts';
import type { FeatureDeps } from '../feature-registration.ts';
import { defineStaffPage } from '../staff/staff-page.ts';
import { marketingDeskDepsOf } from './marketing-desk.routes.ts';
import { listCouponDesk, loadCouponDeskDetail, loadMarketingSettings, loadScopeOptions } from './marketing-desk.service.ts';
import { gridPageOfUrl } from '../staff/grid-url-query.ts';
import { marketingDeskRequests } from '../../../contract/console/marketing-requests.ts';

const readCoupon = { action: 'read', subject: 'Coupon' } as const;

/** 营销管理: the coupon grid, a coupon's form, and the marketing settings (new-member pack, invite reward). */
export function marketingDeskPages(featureDeps: FeatureDeps): Page[] {
  const deps = marketingDeskDepsOf(featureDeps);
  return [
    defineStaffPage<CouponsDeskPageData>({
      path: marketingDeskPaths.coupons,
      entry: 'console/coupons',
      component: AdminCouponsPage,
      access: readCoupon,
      async load({ query, access }) {
        const initial = await gridPageOfUrl(marketingDeskRequests.list, query, (request) => listCouponDesk(deps, request));
        return { title: '营销管理 - 芯品商城管理后台', isNoIndex: true, data: { ...access, initial } };
      },
    }),
    defineStaffPage<CouponEditPageData>({
      path: '/admin/coupons/:templateId',
      entry: 'console/coupon-edit',
      component: AdminCouponEditPage,
      access: readCoupon,
      async load({ params, access }) {
        const raw = params.templateId ?? '';
        const templateId = Number(raw);
        const isNew = raw === 'new';
        if (!isNew && (!Number.isInteger(templateId) || templateId < 1 || templateId > 2_147_483_647)) return { redirectTo: marketingDeskPaths.coupons };
        const [coupon, options] = await Promise.all([isNew ? null : loadCouponDeskDetail(deps, templateId), loadScopeOptions(featureDeps.db)]);
        return {
          title: `${coupon ? coupon.name : '新建优惠券'} - 营销管理 - 芯品商城管理后台`,
          isNoIndex: true,
          data: { ...access, coupon, options, now: Date.now() },
        };
      },
    }),
    defineStaffPage<MarketingSettingsPageData>({
      path: marketingDeskPaths.settings,
      entry: 'console/marketing-settings',
      component: AdminMarketingSettingsPage,
      access: readCoupon,
      async load({ access }) {
        return {
          title: '营销设置 - 营销管理 - 芯品商城管理后台',
          isNoIndex: true,
          data: { ...access, settings: await loadMarketingSettings(deps) },
        };
      },
    }),
  ];
}
