import type { AdminHomePageData } from '../../../contract/dashboard.ts';
import { staffHomePath } from '../../../contract/staff.ts';
import { abilityFor, desksFor } from '../../../contract/staff-permissions.ts';
import { AdminHomePage } from '../../../web/console/pages/home-page.tsx';
import { definePage, type Page } from '../../ssr/page-registry.ts';
import { currentStaff, ensureStaffSid, staffLoginPathFor, type StaffSessionDeps } from '../staff/staff-session.ts';
import { loadDashboard } from './dashboard.service.ts';

/** The console's home (/admin): its menu, and the figures for a staff member who may read them. */
export function dashboardPages(deps: StaffSessionDeps): Page[] {
  return [
    definePage<AdminHomePageData>({
      path: staffHomePath,
      entry: 'console/home',
      component: AdminHomePage,
      async load({ request, reply }) {
        const staff = await currentStaff(request, deps);
        if (!staff) return { redirectTo: staffLoginPathFor(staffHomePath) };
        ensureStaffSid(request, reply, deps);
        const dashboard = abilityFor(staff.role).can('read', 'Dashboard') ? await loadDashboard(deps.db, staff.role) : null;
        return { title: '管理后台 - 芯品商城', isNoIndex: true, data: { staff, menu: desksFor(staff.role), dashboard } };
      },
    }),
  ];
}
