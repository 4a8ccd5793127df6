import { marketingDeskPaths, type CouponEditPageData, type CouponsDeskPageData, type MarketingSettingsPageData } from '../../../contract/admin-marketing.ts';
import { staffHomePath, staffLoginPath, type StaffIdentity } from '../../../contract/staff.ts';
import { abilityFor, desksFor } from '../../../contract/staff-permissions.ts';
import { AdminCouponEditPage } from '../../../web/pages/admin-coupon-edit-page.tsx';
import { AdminCouponsPage } from '../../../web/pages/admin-coupons-page.tsx';
import { AdminMarketingSettingsPage } from '../../../web/pages/admin-marketing-settings-page.tsx';
import { definePage, type Page, type PageContext } from '../../ssr/page-registry.ts';
import type { FeatureDeps } from '../feature-registration.ts';
import { currentStaff, ensureStaffSid } from '../staff/staff-session.ts';
import { marketingDeskDepsOf } from './marketing-desk.routes.ts';
import { listCouponDesk, loadCouponDeskDetail, loadMarketingSettings, loadScopeOptions } from './marketing-desk.service.ts';

/** The staff member who may read coupons, or where to send the visitor. */
async function guard(context: PageContext, deps: FeatureDeps, path: string): Promise<StaffIdentity | { redirectTo: string }> {
  const staff = await currentStaff(context.request, deps);
  if (!staff) return { redirectTo: `${staffLoginPath}?return=${encodeURIComponent(path)}` };
  if (!abilityFor(staff.role).can('read', 'Coupon')) return { redirectTo: staffHomePath };
  ensureStaffSid(context.request, context.reply, deps);
  return staff;
}

/** 营销管理: the coupon grid, a coupon's form, and the marketing settings (new-member pack, invite reward). */
export function marketingDeskPages(featureDeps: FeatureDeps): Page[] {
  const deps = marketingDeskDepsOf(featureDeps);
  return [
    definePage<CouponsDeskPageData>({
      path: marketingDeskPaths.coupons,
      entry: 'admin-coupons',
      component: AdminCouponsPage,
      async load(context) {
        const staff = await guard(context, featureDeps, marketingDeskPaths.coupons);
        if ('redirectTo' in staff) return staff;
        const initial = await listCouponDesk(deps, { page: 1, pageSize: 20, filters: {} });
        return { title: '营销管理 - 芯品商城管理后台', isNoIndex: true, data: { staff, menu: desksFor(staff.role), initial } };
      },
    }),
    definePage<CouponEditPageData>({
      path: '/admin/coupons/:templateId',
      entry: 'admin-coupon-edit',
      component: AdminCouponEditPage,
      async load(context) {
        const raw = context.params.templateId ?? '';
        const staff = await guard(context, featureDeps, `${marketingDeskPaths.coupons}/${raw}`);
        if ('redirectTo' in staff) return staff;
        const templateId = Number(raw);
        const isNew = raw === 'new';
        if (!isNew && (!Number.isInteger(templateId) || templateId < 1 || templateId > 2_147_483_647)) return { redirectTo: marketingDeskPaths.coupons };
        const [coupon, options] = await Promise.all([isNew ? null : loadCouponDeskDetail(deps, templateId), loadScopeOptions(featureDeps.db)]);
        return {
          title: `${coupon ? coupon.name : '新建优惠券'} - 营销管理 - 芯品商城管理后台`,
          isNoIndex: true,
          data: { staff, menu: desksFor(staff.role), coupon, options, now: Date.now() },
        };
      },
    }),
    definePage<MarketingSettingsPageData>({
      path: marketingDeskPaths.settings,
      entry: 'admin-marketing-settings',
      component: AdminMarketingSettingsPage,
      async load(context) {
        const staff = await guard(context, featureDeps, marketingDeskPaths.settings);
        if ('redirectTo' in staff) return staff;
        return {
          title: '营销设置 - 营销管理 - 芯品商城管理后台',
          isNoIndex: true,
          data: { staff, menu: desksFor(staff.role), settings: await loadMarketingSettings(deps) },
        };
      },
    }),
  ];
}
