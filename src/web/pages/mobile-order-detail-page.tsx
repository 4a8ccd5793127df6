import { useState, type ReactNode } from 'react';
import { invoiceTitleOf, invoiceTypeNames } from '../../contract/invoice.ts';
import { mobileBuyPaths, type MobileOrderDetailData } from '../../contract/mobile-buy.ts';
import { mobileCompanyOrdersHref } from '../../contract/mobile-company.ts';
import { formatUnitPriceE4 } from '../../contract/money.ts';
import { OrderStatus, type OrderDetail } from '../../contract/order.ts';
import { formatCents } from '../../contract/pricing.ts';
import { MobileOrderButtons } from '../features/mobile/buy/mobile-order-card.tsx';
import { MobileFrame } from '../features/mobile/mobile-frame.tsx';
import { EventTimeline, ExpressTimeline } from '../features/order/express-timeline.tsx';
import { BuyAgainNotice, CancelOrderDialog, ConfirmReceiptDialog } from '../features/order/order-actions.tsx';
import { OrderAmounts } from '../features/order/order-amounts.tsx';
import { arrivalNoteOf, OrderShipments } from '../features/order/order-backorder.tsx';
import { OrderApprovalNote } from '../features/order/order-approval-note.tsx';
import { OrderDocumentLinks } from '../features/order/order-document-links.tsx';
import { PaymentCountdown } from '../features/order/payment-countdown.tsx';
import { useOrderActions } from '../features/order/use-order-actions.ts';
import type { PageProps } from './page-props.ts';

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mb-card" aria-label={title}>
      <h2 className="mb-card__title">{title}</h2>
      {children}
    </section>
  );
}

/** Paid and not cancelled; a closed order only if something was sent before it closed. */
function hasLogistics(order: Pick<OrderDetail, 'status' | 'trackingNo' | 'events'>): boolean {
  if (order.status === OrderStatus.closed) return order.trackingNo !== null || order.events.some((event) => event.text.startsWith('部分发货'));
  return order.status !== OrderStatus.unpaid && order.status !== OrderStatus.cancelled && order.status !== OrderStatus.awaitingApproval;
}

function OrderStateCard({ order }: { order: OrderDetail }) {
  return (
    <section className={`mb-state mb-state--${order.status}`}>
      <p className="mb-state__label" data-testid="m-detail-status">
        {order.statusLabel}
      </p>
      {order.cancelReason ? <p>原因：{order.cancelReason}</p> : null}
      {order.canPay && order.expiresAt !== null ? <PaymentCountdown expiresAt={order.expiresAt} className="mb-countdown" /> : null}
      <OrderApprovalNote approval={order.approval} className="mb-state__approval" />
      <p className="mb-state__no">
        订单号 <span data-testid="m-detail-order-no">{order.orderNo}</span> · {order.createdAtStr}
      </p>
      {order.poNumber ? (
        <p className="mb-state__no">
          采购订单号 <span data-testid="m-detail-po-number">{order.poNumber}</span>
        </p>
      ) : null}
    </section>
  );
}

function AddressCard({ order }: { order: OrderDetail }) {
  return (
    <Card title="收货信息">
      {order.address ? (
        <p data-testid="m-detail-address">
          <strong>
            {order.address.receiver} {order.address.phone}
          </strong>
          <br />
          {order.address.provinceName}
          {order.address.cityName}
          {order.address.districtName}
          {order.address.detail}
        </p>
      ) : (
        <p>上门自提</p>
      )}
      <p className="mb-muted">配送方式：{order.carrier.name}</p>
    </Card>
  );
}

/** /m/user/order/detail/:orderNo (the member's own orders): state, actions, logistics, address, lines, amounts, invoice, timeline. */
export function MobileOrderDetailPage({ shell, data }: PageProps<MobileOrderDetailData>) {
  const [order, setOrder] = useState(data.order);
  const actions = useOrderActions(setOrder);
  const paths = mobileBuyPaths(data.basePath);
  const events = [...order.events].reverse();
  return (
    <MobileFrame
      shell={shell}
      basePath={data.basePath}
      title="订单详情"
      backHref={paths.orderList}
      bottomBar={
        <div className="mb-bar mb-bar--end">
          <MobileOrderButtons order={order} actions={actions} basePath={data.basePath} />
        </div>
      }
    >
      <OrderStateCard order={order} />
      {data.mayApprove && order.status === OrderStatus.awaitingApproval ? (
        <p className="order-notice" data-testid="m-detail-approve-link">
          您可以审批此订单：<a href={mobileCompanyOrdersHref(data.basePath, 'awaitingApproval')}>前往待审批订单</a>
        </p>
      ) : null}
      {hasLogistics(order) ? (
        <Card title="物流信息">
          <ExpressTimeline orderNo={order.orderNo} />
        </Card>
      ) : null}
      <AddressCard order={order} />
      <Card title={`商品清单（${String(order.lineCount)} 种，${String(order.productCount)} 件）`}>
        <ul className="mb-lines">
          {order.lines.map((line) => (
            <li key={line.id} className="mb-lines__line" data-testid="m-order-line">
              <a className="mb-lines__code" href={`${data.basePath}/product/detail/${String(line.productId)}`}>
                {line.productCode}
              </a>
              <span className="mb-muted">
                {line.brandName} · {line.package}
              </span>
              {line.customerPartNo ? (
                <span className="mb-muted" data-testid="m-line-customer-part-no">
                  客户料号：{line.customerPartNo}
                </span>
              ) : null}
              <span className="mb-lines__figures">
                {formatUnitPriceE4(line.unitPriceE4)} × {line.quantity}
                <strong>{formatCents(line.amountCents)}</strong>
              </span>
              {arrivalNoteOf(line, order) ? (
                <span className="mb-muted" data-testid="m-line-arrival">
                  {arrivalNoteOf(line, order)}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
        <OrderAmounts order={order} />
      </Card>
      {order.shipments.length > 0 ? (
        <Card title={`包裹（${String(order.shipments.length)} 个）`}>
          <OrderShipments shipments={order.shipments} className="mb-shipments" />
        </Card>
      ) : null}
      <Card title="发票与支付">
        <p>发票：{order.invoice ? `${invoiceTypeNames[order.invoice.type]} · ${invoiceTitleOf(order.invoice)}` : '不开发票'}</p>
        {order.invoice && order.poNumber ? <p>发票备注：采购订单号 {order.poNumber}</p> : null}
        <p>支付：{order.payment ? `${order.payment.methodLabel} · ${order.payment.paidAtStr}` : '未支付'}</p>
        {order.remark ? <p>备注：{order.remark}</p> : null}
        <OrderDocumentLinks order={order} buttonClass="mb-button mb-button--small" className="order-documents--phone" />
      </Card>
      {events.length > 0 ? (
        <Card title="订单跟踪">
          <EventTimeline events={events} label="订单跟踪" />
        </Card>
      ) : null}
      <BuyAgainNotice actions={actions} orderNo={order.orderNo} />
      <CancelOrderDialog actions={actions} />
      <ConfirmReceiptDialog actions={actions} />
      {/* The order-list link keeps a way back when the frame has no back arrow. */}
      <p className="mb-note">
        <a href={paths.orderList}>返回我的订单</a>
      </p>
    </MobileFrame>
  );
}
