import { orderNoSchema } from '../../../contract/order-requests.ts';
import { CashierPage } from '../../../web/pages/cashier-page.tsx';
import { notFound } from '../../http/app-error.ts';
import { definePage, type Page } from '../../ssr/page-registry.ts';
import { loadCashier, type PaymentContext } from './payment.service.ts';

/** /offer/pay/:orderNo: the cashier (收银台) of the member's own order. */
export function paymentPages(ctx: PaymentContext): Page[] {
  return [
    definePage({
      path: '/offer/pay/:orderNo',
      entry: 'cashier',
      component: CashierPage,
      isMemberOnly: true,
      async load({ userId, params }) {
        const orderNo = orderNoSchema.safeParse(params.orderNo);
        if (userId === null || !orderNo.success) throw notFound();
        const data = await loadCashier(ctx, userId, orderNo.data);
        return { title: `收银台 - ${ctx.config.siteName}`, description: `${ctx.config.siteName}订单支付`, data };
      },
    }),
  ];
}
