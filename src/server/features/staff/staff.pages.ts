import { safeStaffReturnPath, staffLoginPath, type AuditDeskPageData, type StaffDeskPageData, type StaffLoginPageData } from '../../../contract/staff.ts';
import { AdminStaffPage } from '../../../web/console/pages/staff-page.tsx';
import { listStaff } from './staff-desk.service.ts';
import { searchAuditLog } from './audit.service.ts';
import { AdminAuditPage } from '../../../web/console/pages/audit-page.tsx';
import { definePage, type Page } from '../../ssr/page-registry.ts';
import { AdminLoginPage } from '../../../web/console/pages/login-page.tsx';
import type { StaffSessionDeps } from './staff-session.ts';
import { defineStaffPage } from './staff-page.ts';
import { gridPageOfUrl } from './grid-url-query.ts';
import { auditDeskRequests, staffDeskRequests } from '../../../contract/staff-requests.ts';

/** The console's login, staff and audit pages (its home is the dashboard's): never indexed, rendered in the console's own layout (the shop's shell is not shown). */
export function staffPages(deps: StaffSessionDeps): Page[] {
  return [
    definePage<StaffLoginPageData>({
      path: staffLoginPath,
      entry: 'console/login',
      component: AdminLoginPage,
      // Open to anyone; the console's access hook gives the browser its anti-forgery cookie for the login call.
      routeConfig: { staffAccess: 'anyone', staffRefusal: 'page' },
      async load({ request, query }) {
        const returnPath = safeStaffReturnPath(query.return);
        if (request.staff) return { redirectTo: returnPath };
        return { title: '登录 - 芯品商城管理后台', isNoIndex: true, data: { returnPath } };
      },
    }),
    defineStaffPage<StaffDeskPageData>({
      path: '/admin/staff',
      entry: 'console/staff',
      component: AdminStaffPage,
      access: { action: 'read', subject: 'Staff' },
      async load({ query, access }) {
        return {
          title: '员工管理 - 芯品商城管理后台',
          isNoIndex: true,
          data: { ...access, grid: await gridPageOfUrl(staffDeskRequests.list, query, (grid) => listStaff(deps.db, grid)) },
        };
      },
    }),
    defineStaffPage<AuditDeskPageData>({
      path: '/admin/audit',
      entry: 'console/audit',
      component: AdminAuditPage,
      access: { action: 'read', subject: 'AuditLog' },
      async load({ query, access }) {
        return {
          title: '操作日志 - 芯品商城管理后台',
          isNoIndex: true,
          data: { ...access, grid: await gridPageOfUrl(auditDeskRequests.search, query, (grid) => searchAuditLog(deps.db, grid)) },
        };
      },
    }),
  ];
}
