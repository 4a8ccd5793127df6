import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  adminComplaintsPath,
  adminOrdersPath,
  type AdminComplaintsPageData,
  type AdminOrderDetailPageData,
  type AdminOrdersPageData,
} from '../../../contract/admin-orders.ts';
import { carriers } from '../../../contract/delivery.ts';
import { staffHomePath, staffLoginPath, type StaffIdentity } from '../../../contract/staff.ts';
import { gridDefaultPageSize } from '../../../contract/staff-grid.ts';
import { abilityFor, desksFor, type StaffPermission } from '../../../contract/staff-permissions.ts';
import { AppError } from '../../http/app-error.ts';
import { requestErrors } from '../../../contract/errors.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { definePage, type Page } from '../../ssr/page-registry.ts';
import { currentStaff, ensureStaffSid } from '../staff/staff-session.ts';
import { AdminComplaintsPage } from '../../../web/pages/admin-complaints-page.tsx';
import { AdminOrderDetailPage } from '../../../web/pages/admin-order-detail-page.tsx';
import { AdminOrdersPage } from '../../../web/pages/admin-orders-page.tsx';
import { listComplaintsForStaff, loadComplaintDetailForStaff } from './complaint-desk.service.ts';
import { listOrdersForStaff, loadOrderDetailForStaff } from './order-desk.service.ts';

const firstPage = { page: 1, pageSize: gridDefaultPageSize, filters: {} };

type Guard = { redirectTo: string } | { staff: StaffIdentity; menu: { label: string; href: string }[] };

/** As /admin/audit: not signed in → the login page with the way back; a role without the desk → /admin. */
async function guard(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: Pick<ServiceDeps, 'db' | 'config'>,
  path: string,
  permission: StaffPermission,
): Promise<Guard> {
  const staff = await currentStaff(request, deps);
  if (!staff) return { redirectTo: `${staffLoginPath}?return=${encodeURIComponent(path)}` };
  if (!abilityFor(staff.role).can(permission.action, permission.subject)) return { redirectTo: staffHomePath };
  ensureStaffSid(request, reply, deps);
  return { staff, menu: desksFor(staff.role) };
}

export function orderDeskPages(deps: Pick<ServiceDeps, 'db' | 'config'>): Page[] {
  return [
    definePage<AdminOrdersPageData>({
      path: adminOrdersPath,
      entry: 'admin-orders',
      component: AdminOrdersPage,
      async load({ request, reply }) {
        const who = await guard(request, reply, deps, adminOrdersPath, { action: 'read', subject: 'Order' });
        if ('redirectTo' in who) return who;
        return { title: '订单管理 - 芯品商城管理后台', isNoIndex: true, data: { ...who, initial: await listOrdersForStaff(deps.db, firstPage) } };
      },
    }),
    definePage<AdminOrderDetailPageData>({
      path: `${adminOrdersPath}/:orderNo`,
      entry: 'admin-order-detail',
      component: AdminOrderDetailPage,
      async load({ request, reply, params }) {
        const path = `${adminOrdersPath}/${params.orderNo ?? ''}`;
        const who = await guard(request, reply, deps, path, { action: 'read', subject: 'Order' });
        if ('redirectTo' in who) return who;
        const orderNo = params.orderNo ?? '';
        // An unknown number throws order.notFound: the 404 page.
        if (!/^[0-9A-Za-z]{6,32}$/.test(orderNo)) throw new AppError(requestErrors.notFound);
        const detail = await loadOrderDetailForStaff(deps.db, orderNo);
        return { title: `订单 ${orderNo} - 芯品商城管理后台`, isNoIndex: true, data: { ...who, detail, carriers: [...carriers] } };
      },
    }),
    ...[adminComplaintsPath, `${adminComplaintsPath}/:id`].map((path) =>
      definePage<AdminComplaintsPageData>({
        path,
        entry: 'admin-complaints',
        component: AdminComplaintsPage,
        async load({ request, reply, params }) {
          const id = params.id === undefined ? null : Number(params.id);
          const who = await guard(request, reply, deps, id === null ? adminComplaintsPath : `${adminComplaintsPath}/${String(params.id)}`, {
            action: 'read',
            subject: 'Complaint',
          });
          if ('redirectTo' in who) return who;
          if (id !== null && !(Number.isSafeInteger(id) && id > 0 && id < 2_147_483_648)) throw new AppError(requestErrors.notFound);
          const detail = id === null ? null : await loadComplaintDetailForStaff(deps, id);
          return {
            title: '售后服务 - 芯品商城管理后台',
            isNoIndex: true,
            data: { ...who, initial: await listComplaintsForStaff(deps.db, firstPage), detail, carriers: [...carriers] },
          };
        },
      }),
    ),
  ];
}
