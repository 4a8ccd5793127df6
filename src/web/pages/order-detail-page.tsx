import { useState } from 'react';
import { OrderStatus, orderPaths, type OrderDetail } from '../../contract/order.ts';
import { MemberCentreLayout } from '../features/member/member-centre-layout.tsx';
import { EventTimeline, ExpressTimeline } from '../features/order/express-timeline.tsx';
import { BuyAgainNotice, CancelOrderDialog, ConfirmReceiptDialog, OrderActionButtons } from '../features/order/order-actions.tsx';
import { OrderAmounts } from '../features/order/order-amounts.tsx';
import { OrderShipments } from '../features/order/order-backorder.tsx';
import { OrderApprovalNote } from '../features/order/order-approval-note.tsx';
import { OrderInfo } from '../features/order/order-info.tsx';
import { OrderDocumentLinks } from '../features/order/order-document-links.tsx';
import { OrderLinesTable, orderRowsOf } from '../features/order/order-lines-table.tsx';
import { OrderProgress } from '../features/order/order-progress.tsx';
import { PaymentCountdown } from '../features/order/payment-countdown.tsx';
import { SaveAsListButton } from '../features/purchase-list/save-as-list-button.tsx';
import { useOrderActions } from '../features/order/use-order-actions.ts';
import { PageShell } from '../shell/page-shell.tsx';
import type { PageProps } from './page-props.ts';

const statusHints: Record<OrderStatus, string> = {
  [OrderStatus.awaitingApproval]: '订单金额超过企业审批金额，正在等待企业审批；批准后即可付款，逾期未审批的订单将自动取消。',
  [OrderStatus.unpaid]: '订单已提交，请尽快完成付款，超时订单将自动取消。',
  [OrderStatus.unshipped]: '付款成功，仓库正在为您备货，请耐心等待发货。',
  [OrderStatus.partlyShipped]: '部分商品已出库，其余商品将尽快发出。',
  [OrderStatus.shipped]: '商品已出库，请留意物流信息并注意查收。',
  [OrderStatus.completed]: '交易已完成，感谢您的惠顾。',
  [OrderStatus.cancelled]: '订单已取消。',
  [OrderStatus.closed]: '订单已全额退款，交易关闭。',
};

/** Paid and not cancelled; a closed order only if something was sent before it closed. */
function hasLogistics(order: Pick<OrderDetail, 'status' | 'trackingNo' | 'events'>): boolean {
  if (order.status === OrderStatus.closed) return order.trackingNo !== null || order.events.some((event) => event.text.startsWith('部分发货'));
  return order.status !== OrderStatus.unpaid && order.status !== OrderStatus.cancelled && order.status !== OrderStatus.awaitingApproval;
}

/** /user/order/detail/:orderNo (the member's own orders): state and what can be done, logistics, lines, amounts, address, invoice, payment. */
export function OrderDetailPage({ shell, data }: PageProps<OrderDetail>) {
  const [order, setOrder] = useState(data);
  const actions = useOrderActions(setOrder);
  // The order's own events are oldest first; shown newest first like the logistics.
  const events = [...order.events].reverse();

  return (
    <PageShell shell={shell}>
      <MemberCentreLayout current="/user/order/list">
        <section className="person-panel order-detail" aria-label="订单详情">
          <header className="order-detail__head">
            <h1 className="person-panel__title">订单详情</h1>
            <a className="order-link" href={orderPaths.list}>
              ‹ 返回我的订单
            </a>
          </header>
          <div className="order-detail__state">
            <div className="order-detail__state-main">
              <p className="order-detail__no">
                订单号：<span data-testid="detail-order-no">{order.orderNo}</span>
                <span className="order-detail__created">下单时间：{order.createdAtStr}</span>
              </p>
              {order.poNumber ? (
                <p className="order-detail__no">
                  采购订单号：<span data-testid="detail-po-number">{order.poNumber}</span>
                </p>
              ) : null}
              <p className={`order-detail__status order-status--${order.status}`} data-testid="detail-status">
                {order.statusLabel}
              </p>
              <p className="order-muted">
                {statusHints[order.status]}
                {order.cancelReason ? `原因：${order.cancelReason}` : ''}
              </p>
              {order.canPay && order.expiresAt !== null ? <PaymentCountdown expiresAt={order.expiresAt} className="order-detail__countdown" /> : null}
              <OrderApprovalNote approval={order.approval} className="order-muted order-detail__approval" />
            </div>
            <OrderActionButtons order={order} actions={actions} />
            <SaveAsListButton origin={{ kind: 'order', orderNo: order.orderNo }} className="button order-detail__save-list" />
          </div>
          <BuyAgainNotice actions={actions} orderNo={order.orderNo} />
          <OrderDocumentLinks order={order} buttonClass="button button--small" className="order-detail__documents" />
          <OrderProgress order={order} />
        </section>
        {hasLogistics(order) ? (
          <section className="person-panel" aria-labelledby="order-express-title">
            <h2 id="order-express-title" className="person-panel__title">
              物流信息
            </h2>
            <ExpressTimeline orderNo={order.orderNo} />
          </section>
        ) : null}
        <section className="person-panel" aria-labelledby="order-info-title">
          <h2 id="order-info-title" className="person-panel__title">
            订单信息
          </h2>
          <OrderInfo order={order} />
        </section>
        <section className="person-panel" aria-labelledby="order-lines-title">
          <h2 id="order-lines-title" className="person-panel__title">
            商品清单（共 {order.lineCount} 种，{order.productCount} 件）
          </h2>
          <OrderLinesTable rows={orderRowsOf(order)} rowTestId="order-line" label="商品清单" />
          <OrderAmounts order={order} />
        </section>
        {order.shipments.length > 0 ? (
          <section className="person-panel" aria-labelledby="order-shipments-title">
            <h2 id="order-shipments-title" className="person-panel__title">
              包裹（{order.shipments.length} 个）
            </h2>
            <OrderShipments shipments={order.shipments} className="order-shipments" />
          </section>
        ) : null}
        {events.length > 0 ? (
          <section className="person-panel" aria-labelledby="order-events-title">
            <h2 id="order-events-title" className="person-panel__title">
              订单跟踪
            </h2>
            <EventTimeline events={events} label="订单跟踪" />
          </section>
        ) : null}
        <CancelOrderDialog actions={actions} />
        <ConfirmReceiptDialog actions={actions} />
      </MemberCentreLayout>
    </PageShell>
  );
}
