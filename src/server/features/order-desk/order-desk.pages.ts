import {
  adminComplaintsPath,
  adminOrdersPath,
  type AdminComplaintsPageData,
  type AdminOrderDetailPageData,
  type AdminOrdersPageData,
} from '../../../contract/console/orders.ts';
import { carriers } from '../../../contract/delivery.ts';
import { AppError } from '../../http/app-error.ts';
import { requestErrors } from '../../../contract/errors.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { definePage, type Page } from '../../ssr/page-registry.ts';
import { staffPageAccess } from '../staff/staff-session.ts';
import { AdminComplaintsPage } from '../../../web/console/pages/complaints-page.tsx';
import { AdminOrderDetailPage } from '../../../web/console/pages/order-detail-page.tsx';
import { AdminOrdersPage } from '../../../web/console/pages/orders-page.tsx';
import { listComplaintsForStaff, loadComplaintDetailForStaff } from './complaint-desk.service.ts';
import { listOrdersForStaff, loadOrderDetailForStaff } from './order-desk.service.ts';
import { gridPageOfUrl } from '../staff/grid-url-query.ts';
import { complaintGridQuery, orderGridQuery } from '../../../contract/console/orders-requests.ts';

export function orderDeskPages(deps: Pick<ServiceDeps, 'db' | 'config'>): Page[] {
  return [
    definePage<AdminOrdersPageData>({
      path: adminOrdersPath,
      entry: 'console/orders',
      component: AdminOrdersPage,
      async load({ request, reply, query }) {
        const who = await staffPageAccess(request, reply, deps, { action: 'read', subject: 'Order' });
        if ('redirectTo' in who) return who;
        return {
          title: '订单管理 - 芯品商城管理后台',
          isNoIndex: true,
          data: { ...who, initial: await gridPageOfUrl(orderGridQuery, query, (grid) => listOrdersForStaff(deps.db, grid)) },
        };
      },
    }),
    definePage<AdminOrderDetailPageData>({
      path: `${adminOrdersPath}/:orderNo`,
      entry: 'console/order-detail',
      component: AdminOrderDetailPage,
      async load({ request, reply, params }) {
        const who = await staffPageAccess(request, reply, deps, { action: 'read', subject: 'Order' });
        if ('redirectTo' in who) return who;
        const orderNo = params.orderNo ?? '';
        // An unknown number throws order.notFound: the 404 page.
        if (!/^[0-9A-Za-z]{6,32}$/.test(orderNo)) throw new AppError(requestErrors.notFound);
        const detail = await loadOrderDetailForStaff(deps.db, orderNo, who.staff);
        return { title: `订单 ${orderNo} - 芯品商城管理后台`, isNoIndex: true, data: { ...who, detail, carriers: [...carriers] } };
      },
    }),
    ...[adminComplaintsPath, `${adminComplaintsPath}/:id`].map((path) =>
      definePage<AdminComplaintsPageData>({
        path,
        entry: 'console/complaints',
        component: AdminComplaintsPage,
        async load({ request, reply, params, query }) {
          const id = params.id === undefined ? null : Number(params.id);
          const who = await staffPageAccess(request, reply, deps, { action: 'read', subject: 'Complaint' });
          if ('redirectTo' in who) return who;
          if (id !== null && !(Number.isSafeInteger(id) && id > 0 && id < 2_147_483_648)) throw new AppError(requestErrors.notFound);
          const detail = id === null ? null : await loadComplaintDetailForStaff(deps, id);
          return {
            title: '售后服务 - 芯品商城管理后台',
            isNoIndex: true,
            data: {
              ...who,
              initial: await gridPageOfUrl(complaintGridQuery, query, (grid) => listComplaintsForStaff(deps.db, grid)),
              detail,
              carriers: [...carriers],
            },
          };
        },
      }),
    ),
  ];
}
