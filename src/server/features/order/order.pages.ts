import { notFound } from '../../http/app-error.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { definePage, type Page } from '../../ssr/page-registry.ts';
import { OrderDetailPage } from '../../../web/pages/order-detail-page.tsx';
import { OrderListPage } from '../../../web/pages/order-list-page.tsx';
import { SettlementPage } from '../../../web/pages/settlement-page.tsx';
import { orderNoSchema } from '../../../contract/order-requests.ts';
import { loadSettlement } from './checkout.service.ts';
import { listOrders, loadOrderDetail, parseOrderListQuery } from './order.service.ts';

/** /offer/settlement (the cart's selected lines priced now), /user/order/list and /user/order/detail/:orderNo. */
export function orderPages(deps: ServiceDeps): Page[] {
  const siteName = deps.config.siteName;
  return [
    definePage({
      path: '/offer/settlement',
      entry: 'settlement',
      component: SettlementPage,
      isMemberOnly: true,
      async load({ userId }) {
        if (userId === null) throw notFound();
        const data = await loadSettlement(deps.db, deps.config.orders, userId);
        return { title: `订单结算 - ${siteName}`, description: `${siteName}订单结算`, data };
      },
    }),
    definePage({
      path: '/user/order/list',
      entry: 'order-list',
      component: OrderListPage,
      isMemberOnly: true,
      async load({ userId, query }) {
        if (userId === null) throw notFound();
        const data = await listOrders(deps.db, userId, parseOrderListQuery(query));
        return { title: `我的订单 - ${siteName}`, data };
      },
    }),
    definePage({
      path: '/user/order/detail/:orderNo',
      entry: 'order-detail',
      component: OrderDetailPage,
      isMemberOnly: true,
      async load({ userId, params }) {
        const orderNo = orderNoSchema.safeParse(params.orderNo);
        if (userId === null || !orderNo.success) throw notFound();
        const data = await loadOrderDetail(deps.db, userId, orderNo.data);
        return { title: `订单详情 - ${siteName}`, data };
      },
    }),
  ];
}
