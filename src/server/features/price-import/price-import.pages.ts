import type { PriceImportDeskPageData } from '../../../contract/price-import.ts';
import { staffHomePath, staffLoginPath } from '../../../contract/staff.ts';
import { abilityFor, desksFor } from '../../../contract/staff-permissions.ts';
import { AdminPriceImportPage } from '../../../web/pages/admin-price-import-page.tsx';
import { definePage, type Page } from '../../ssr/page-registry.ts';
import { currentStaff, ensureStaffSid, type StaffSessionDeps } from '../staff/staff-session.ts';
import { listJobs, priceImportCategories } from './price-import-desk.service.ts';

export const priceImportDeskPath = '/admin/price-import';

/** /admin/price-import: 价格导入 — upload, map, validate, preview, apply, and the jobs with their progress. */
export function priceImportPages(deps: StaffSessionDeps): Page[] {
  return [
    definePage<PriceImportDeskPageData>({
      path: priceImportDeskPath,
      entry: 'admin-price-import',
      component: AdminPriceImportPage,
      async load({ request, reply }) {
        const staff = await currentStaff(request, deps);
        if (!staff) return { redirectTo: `${staffLoginPath}?return=${encodeURIComponent(priceImportDeskPath)}` };
        if (!abilityFor(staff.role).can('read', 'PriceImport')) return { redirectTo: staffHomePath };
        ensureStaffSid(request, reply, deps);
        const [jobs, categories] = await Promise.all([listJobs(deps.db, { page: 1, pageSize: 20, filters: {} }), priceImportCategories(deps.db)]);
        return { title: '价格导入 - 芯品商城管理后台', isNoIndex: true, data: { staff, menu: desksFor(staff.role), jobs, categories } };
      },
    }),
  ];
}
