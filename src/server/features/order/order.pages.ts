import { ResultCode } from '../../../contract/envelope.ts';
import type { SettlementData } from '../../../contract/order.ts';
import { quotationProblemPath } from '../../../contract/quotation.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { definePage, type Page } from '../../ssr/page-registry.ts';
import { OrderDetailPage } from '../../../web/pages/order-detail-page.tsx';
import { OrderListPage } from '../../../web/pages/order-list-page.tsx';
import { SettlementPage } from '../../../web/pages/settlement-page.tsx';
import { orderNoSchema } from '../../../contract/order-requests.ts';
import { quotationRequests } from '../../../contract/quotation-requests.ts';
import { loadSettlement } from './checkout.service.ts';
import { listOrders, loadOrderDetail, parseOrderListQuery } from './order.service.ts';

const quotationIdSchema = quotationRequests.accept.shape.quotationId;

/** /offer/settlement (the cart's selected lines priced now), /user/order/list and /user/order/detail/:orderNo. */
export function orderPages(deps: ServiceDeps): Page[] {
  const siteName = deps.config.siteName;
  return [
    definePage({
      path: '/offer/settlement',
      entry: 'settlement',
      component: SettlementPage,
      isMemberOnly: true,
      async load({ userId, query }) {
        if (userId === null) throw notFound();
        // ?quotationId=N: an accepted offer at its quoted prices; one that cannot be checked out goes back to the list, which says why.
        const quotationId = query.quotationId === undefined ? undefined : quotationIdSchema.safeParse(query.quotationId);
        if (quotationId && !quotationId.success) throw notFound();
        let data: SettlementData;
        try {
          data = await loadSettlement(deps.db, deps.config.orders, userId, Date.now(), quotationId?.data);
        } catch (error) {
          if (!(error instanceof AppError) || error.code === ResultCode.notFound || !error.errorCode.startsWith('quotation.')) throw error;
          return { redirectTo: quotationProblemPath(error.errorCode) };
        }
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
        return { title: `我的订单 - ${siteName}`, description: `${siteName}订单列表：按状态查看、支付、取消与再次购买。`, data };
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
        return { title: `订单详情 ${orderNo.data} - ${siteName}`, description: `${siteName}订单${orderNo.data}：状态、物流、收货地址、商品明细与发票。`, data };
      },
    }),
  ];
}
