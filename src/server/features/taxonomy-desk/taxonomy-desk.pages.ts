import { brandDeskPath, categoryDeskPath, type BrandDeskPageData, type CategoryDeskPageData } from '../../../contract/console/taxonomy.ts';
import { brandDeskRequests } from '../../../contract/console/brands-requests.ts';
import { AdminBrandsPage } from '../../../web/console/pages/brands-page.tsx';
import { AdminCategoriesPage } from '../../../web/console/pages/categories-page.tsx';
import type { Page } from '../../ssr/page-registry.ts';
import { defineStaffPage } from '../staff/staff-page.ts';
import type { StaffSessionDeps } from '../staff/staff-session.ts';
import { gridPageOfUrl } from '../staff/grid-url-query.ts';
import { listBrandsForDesk } from './brand-desk.service.ts';
import { loadCategoryDesk } from './category-desk.service.ts';

/** 分类管理 and 品牌管理: not signed in → the console's login; a role that may not read the subject → /admin. */
export function taxonomyDeskPages(deps: StaffSessionDeps): Page[] {
  return [
    defineStaffPage<CategoryDeskPageData>({
      path: categoryDeskPath,
      entry: 'console/categories',
      component: AdminCategoriesPage,
      access: { action: 'read', subject: 'Category' },
      async load({ access }) {
        return { title: '分类管理 - 芯品商城管理后台', isNoIndex: true, data: { ...access, desk: await loadCategoryDesk(deps.db) } };
      },
    }),
    defineStaffPage<BrandDeskPageData>({
      path: brandDeskPath,
      entry: 'console/brands',
      component: AdminBrandsPage,
      access: { action: 'read', subject: 'Brand' },
      async load({ query, access }) {
        const initialPage = await gridPageOfUrl(brandDeskRequests.list, query, (grid) => listBrandsForDesk(deps.db, deps.config.imageBaseUrl, grid));
        return { title: '品牌管理 - 芯品商城管理后台', isNoIndex: true, data: { ...access, initialPage } };
      },
    }),
  ];
}
