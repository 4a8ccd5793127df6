import { productDetailPath } from '../../../contract/catalog.ts';
import { formatUnitPriceE4 } from '../../../contract/money.ts';
import { orderDetailPath, type OrderSummary } from '../../../contract/order.ts';
import { formatCents } from '../../../contract/pricing.ts';
import { BuyAgainNotice, OrderActionButtons } from './order-actions.tsx';
import { PaymentCountdown } from './payment-countdown.tsx';
import type { OrderActions } from './use-order-actions.ts';

/** One order of /user/order/list: when, its number, 采购订单号 and state, its first lines, the amount, and what can be done. */
export function OrderCard({ order, actions }: { order: OrderSummary; actions: OrderActions }) {
  const moreLines = order.lineCount - order.firstLines.length;
  return (
    <article className={`order-card order-card--${order.status}`} aria-label={`订单 ${order.orderNo}`} data-testid="order-card">
      <header className="order-card__head">
        <span>{order.createdAtStr}</span>
        <span>
          订单号：
          <a className="order-card__no" href={orderDetailPath(order.orderNo)} data-testid="order-no">
            {order.orderNo}
          </a>
        </span>
        {order.poNumber ? (
          <span>
            采购订单号：<span data-testid="order-po-number">{order.poNumber}</span>
          </span>
        ) : null}
      </header>
      <div className="order-card__body">
        <ul className="order-card__lines">
          {order.firstLines.map((line) => (
            <li key={line.id} className="order-card__line">
              <a className="order-card__code" href={productDetailPath(line.productId)}>
                {line.productCode}
              </a>
              <span className="order-card__meta">
                {line.brandName} · {line.package}
              </span>
              <span className="order-card__qty">
                {formatUnitPriceE4(line.unitPriceE4)} × {line.quantity}
              </span>
              {line.customerPartNo ? <span className="order-card__customer-part-no">客户料号：{line.customerPartNo}</span> : null}
            </li>
          ))}
          {moreLines > 0 ? (
            <li className="order-card__more">
              <a href={orderDetailPath(order.orderNo)}>…等共 {order.lineCount} 种商品，查看全部 ›</a>
            </li>
          ) : null}
        </ul>
        <div className="order-card__amount">
          <strong className="price" data-testid="order-payable">
            {formatCents(order.payableCents)}
          </strong>
          <span className="order-card__pieces">
            {order.lineCount} 种 / {order.productCount} 件
          </span>
        </div>
        <div className="order-card__status">
          <span className={`order-status order-status--${order.status}`} data-testid="order-status">
            {order.statusLabel}
          </span>
          {order.canPay && order.expiresAt !== null ? <PaymentCountdown expiresAt={order.expiresAt} className="order-card__countdown" /> : null}
          <a className="order-card__detail" href={orderDetailPath(order.orderNo)}>
            订单详情
          </a>
        </div>
        <OrderActionButtons order={order} actions={actions} />
      </div>
      <BuyAgainNotice actions={actions} orderNo={order.orderNo} />
    </article>
  );
}
