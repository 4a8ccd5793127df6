import type { PriceImportDeskPageData } from '../../../contract/price-import.ts';
import { AdminPriceImportPage } from '../../../web/console/pages/price-import-page.tsx';
import type { Page } from '../../ssr/page-registry.ts';
import { defineStaffPage } from '../staff/staff-page.ts';
import type { StaffSessionDeps } from '../staff/staff-session.ts';
import { listJobs, priceImportCategories } from './price-import-desk.service.ts';

export const priceImportDeskPath = '/admin/price-import';

/** /admin/price-import: 价格导入 — upload, map, validate, preview, apply, and the jobs with their progress. */
export function priceImportPages(deps: StaffSessionDeps): Page[] {
  return [
    defineStaffPage<PriceImportDeskPageData>({
      path: priceImportDeskPath,
      entry: 'console/price-import',
      component: AdminPriceImportPage,
      access: { action: 'read', subject: 'PriceImport' },
      async load({ access }) {
        const [jobs, categories] = await Promise.all([listJobs(deps.db, { page: 1, pageSize: 20, filters: {} }), priceImportCategories(deps.db)]);
        return { title: '价格导入 - 芯品商城管理后台', isNoIndex: true, data: { ...access, jobs, categories } };
      },
    }),
  ];
}
