import { mobileBuyPaths } from '../../../../contract/mobile-buy.ts';
import type { OrderSummary } from '../../../../contract/order.ts';
import { formatCents } from '../../../../contract/pricing.ts';
import { BuyAgainNotice } from '../../order/order-actions.tsx';
import { PaymentCountdown } from '../../order/payment-countdown.tsx';
import type { OrderActions } from '../../order/use-order-actions.ts';

/** 去付款 / 取消订单 / 确认收货 / 再次购买, as the order's state allows; paying goes to the mobile cashier. */
export function MobileOrderButtons({ order, actions, basePath }: { order: OrderSummary; actions: OrderActions; basePath: string }) {
  const isBusy = actions.busyNo !== null;
  return (
    <div className="mb-actions">
      {order.canCancel ? (
        <button type="button" className="mb-button mb-button--small" disabled={isBusy} onClick={() => actions.askCancel(order.orderNo)}>
          取消订单
        </button>
      ) : null}
      {order.canConfirmReceipt ? (
        <button type="button" className="mb-button mb-button--small mb-button--accent" disabled={isBusy} onClick={() => actions.askReceipt(order.orderNo)}>
          确认收货
        </button>
      ) : null}
      <button type="button" className="mb-button mb-button--small" disabled={isBusy} onClick={() => void actions.buyAgain(order.orderNo)}>
        {actions.busyNo === order.orderNo ? '处理中…' : '再次购买'}
      </button>
      {order.canPay ? (
        <a className="mb-button mb-button--small mb-button--accent" href={mobileBuyPaths(basePath).pay(order.orderNo)} data-testid="m-order-pay">
          去付款
        </a>
      ) : null}
    </div>
  );
}

/** One order of the mobile list: number, state, first lines, amount and the actions. */
export function MobileOrderCard({ order, actions, basePath }: { order: OrderSummary; actions: OrderActions; basePath: string }) {
  const detailHref = mobileBuyPaths(basePath).orderDetail(order.orderNo);
  const moreLines = order.lineCount - order.firstLines.length;
  return (
    <article className="mb-card mb-order" aria-label={`订单 ${order.orderNo}`} data-testid="m-order-card">
      <a className="mb-order__link" href={detailHref}>
        <header className="mb-card__head">
          <span className="mb-muted" data-testid="m-order-no">
            {order.orderNo}
          </span>
          <span className={`mb-status mb-status--${order.status}`} data-testid="m-order-status">
            {order.statusLabel}
          </span>
        </header>
        {order.poNumber ? <p className="mb-muted">采购订单号 {order.poNumber}</p> : null}
        <ul className="mb-order__lines">
          {order.firstLines.map((line) => (
            <li key={line.id}>
              <span className="mb-order__code">{line.productCode}</span>
              <span className="mb-muted">× {line.quantity}</span>
            </li>
          ))}
          {moreLines > 0 ? <li className="mb-muted">…等共 {order.lineCount} 种商品</li> : null}
        </ul>
        <p className="mb-order__sum">
          {order.createdAtStr} · 共 {order.productCount} 件 · 实付 <strong className="mb-price">{formatCents(order.payableCents)}</strong>
        </p>
      </a>
      {order.canPay && order.expiresAt !== null ? <PaymentCountdown expiresAt={order.expiresAt} className="mb-countdown" /> : null}
      <MobileOrderButtons order={order} actions={actions} basePath={basePath} />
      <BuyAgainNotice actions={actions} orderNo={order.orderNo} />
    </article>
  );
}
