import { safeStaffReturnPath, staffLoginPath, type AuditDeskPageData, type StaffDeskPageData, type StaffLoginPageData } from '../../../contract/staff.ts';
import { AdminStaffPage } from '../../../web/console/pages/staff-page.tsx';
import { listStaff } from './staff-desk.service.ts';
import { searchAuditLog } from './audit.service.ts';
import { AdminAuditPage } from '../../../web/console/pages/audit-page.tsx';
import { definePage, type Page } from '../../ssr/page-registry.ts';
import { AdminLoginPage } from '../../../web/console/pages/login-page.tsx';
import { currentStaff, ensureStaffSid, staffPageAccess, type StaffSessionDeps } from './staff-session.ts';
import { gridPageOfUrl } from './grid-url-query.ts';
import { auditDeskRequests, staffDeskRequests } from '../../../contract/staff-requests.ts';

/** The console's login, staff and audit pages (its home is the dashboard's): never indexed, rendered in the console's own layout (the shop's shell is not shown). */
export function staffPages(deps: StaffSessionDeps): Page[] {
  return [
    definePage<StaffLoginPageData>({
      path: staffLoginPath,
      entry: 'console/login',
      component: AdminLoginPage,
      async load({ request, reply, query }) {
        const returnPath = safeStaffReturnPath(query.return);
        if (await currentStaff(request, deps)) return { redirectTo: returnPath };
        ensureStaffSid(request, reply, deps);
        return { title: '登录 - 芯品商城管理后台', isNoIndex: true, data: { returnPath } };
      },
    }),
    definePage<StaffDeskPageData>({
      path: '/admin/staff',
      entry: 'console/staff',
      component: AdminStaffPage,
      async load({ request, reply, query }) {
        const access = await staffPageAccess(request, reply, deps, { action: 'read', subject: 'Staff' });
        if ('redirectTo' in access) return access;
        return {
          title: '员工管理 - 芯品商城管理后台',
          isNoIndex: true,
          data: { ...access, grid: await gridPageOfUrl(staffDeskRequests.list, query, (grid) => listStaff(deps.db, grid)) },
        };
      },
    }),
    definePage<AuditDeskPageData>({
      path: '/admin/audit',
      entry: 'console/audit',
      component: AdminAuditPage,
      async load({ request, reply, query }) {
        const access = await staffPageAccess(request, reply, deps, { action: 'read', subject: 'AuditLog' });
        if ('redirectTo' in access) return access;
        return {
          title: '操作日志 - 芯品商城管理后台',
          isNoIndex: true,
          data: { ...access, grid: await gridPageOfUrl(auditDeskRequests.search, query, (grid) => searchAuditLog(deps.db, grid)) },
        };
      },
    }),
  ];
}
