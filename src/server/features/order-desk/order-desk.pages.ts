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
import type { Page } from '../../ssr/page-registry.ts';
import { defineStaffPage } from '../staff/staff-page.ts';
import { AdminComplaintsPage } from '../../../web/console/pages/complaints-page.tsx';
import { AdminOrderDetailPage } from '../../../web/console/pages/order-detail-page.tsx';
import { AdminOrdersPage } from '../../../web/console/pages/orders-page.tsx';
import { listComplaintsForStaff, loadComplaintDetailForStaff } from './complaint-desk.service.ts';
import { listOrdersForStaff, loadOrderDetailForStaff } from './order-desk.service.ts';
import { gridPageOfUrl } from '../staff/grid-url-query.ts';
import { complaintGridQuery, orderGridQuery } from '../../../contract/console/orders-requests.ts';

export function orderDeskPages(deps: Pick<ServiceDeps, 'db' | 'config'>): Page[] {
  return [
    defineStaffPage<AdminOrdersPageData>({
      path: adminOrdersPath,
      entry: 'console/orders',
      component: AdminOrdersPage,
      access: { action: 'read', subject: 'Order' },
      async load({ query, access }) {
        return {
          title: '订单管理 - 芯品商城管理后台',
          isNoIndex: true,
          data: { ...access, initial: await gridPageOfUrl(orderGridQuery, query, (grid) => listOrdersForStaff(deps.db, grid)) },
        };
      },
    }),
    defineStaffPage<AdminOrderDetailPageData>({
      path: `${adminOrdersPath}/:orderNo`,
      entry: 'console/order-detail',
      component: AdminOrderDetailPage,
      access: { action: 'read', subject: 'Order' },
      async load({ params, access }) {
        const orderNo = params.orderNo ?? '';
        // An unknown number throws order.notFound: the 404 page.
        if (!/^[0-9A-Za-z]{6,32}$/.test(orderNo)) throw new AppError(requestErrors.notFound);
        const detail = await loadOrderDetailForStaff(deps.db, orderNo, access.staff);
        return { title: `订单 ${orderNo} - 芯品商城管理后台`, isNoIndex: true, data: { ...access, detail, carriers: [...carriers] } };
      },
    }),
    ...[adminComplaintsPath, `${adminComplaintsPath}/:id`].map((path) =>
      defineStaffPage<AdminComplaintsPageData>({
        path,
        entry: 'console/complaints',
        component: AdminComplaintsPage,
        access: { action: 'read', subject: 'Complaint' },
        async load({ params, query, access }) {
          const id = params.id === undefined ? null : Number(params.id);
          if (id !== null && !(Number.isSafeInteger(id) && id > 0 && id < 2_147_483_648)) throw new AppError(requestErrors.notFound);
          const detail = id === null ? null : await loadComplaintDetailForStaff(deps, id);
          return {
            title: '售后服务 - 芯品商城管理后台',
            isNoIndex: true,
            data: {
              ...access,
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
