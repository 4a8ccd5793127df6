import type { AdminHomePageData } from '../../../contract/dashboard.ts';
import { staffHomePath } from '../../../contract/staff.ts';
import { abilityFor } from '../../../contract/staff-permissions.ts';
import { AdminHomePage } from '../../../web/console/pages/home-page.tsx';
import type { Page } from '../../ssr/page-registry.ts';
import { defineStaffPage } from '../staff/staff-page.ts';
import type { StaffSessionDeps } from '../staff/staff-session.ts';
import { loadDashboard } from './dashboard.service.ts';

/** The console's home (/admin): its menu, and the figures for a staff member who may read them. */
export function dashboardPages(deps: StaffSessionDeps): Page[] {
  return [
    defineStaffPage<AdminHomePageData>({
      path: staffHomePath,
      entry: 'console/home',
      component: AdminHomePage,
      access: 'staff',
      async load({ access }) {
        const { role } = access.staff;
        const dashboard = abilityFor(role).can('read', 'Dashboard') ? await loadDashboard(deps.db, role) : null;
        return { title: '管理后台 - 芯品商城', isNoIndex: true, data: { ...access, dashboard } };
      },
    }),
  ];
}
