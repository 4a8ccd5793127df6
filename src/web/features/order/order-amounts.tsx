import { faceValueText } from '../../../contract/coupon.ts';
import { OrderStatus, type OrderDetail } from '../../../contract/order.ts';
import { formatCents } from '../../../contract/pricing.ts';
import { OrderRefunds } from './order-refunds.tsx';

/** The coupons the order used, and its figures down to the amount paid (or to pay). */
export function OrderAmounts({ order }: { order: OrderDetail }) {
  const isPaid = order.payment !== null;
  return (
    <div className="order-amounts">
      <div className="order-amounts__coupons">
        <h3 className="order-amounts__title">使用优惠券</h3>
        {order.coupons.length === 0 ? (
          <p className="order-muted">未使用优惠券</p>
        ) : (
          <ul className="order-amounts__coupon-list">
            {order.coupons.map((coupon) => (
              <li key={coupon.memberCouponId} data-testid="order-coupon">
                <span className="order-amounts__coupon-kind">{coupon.kind === 'freight' ? '运费券' : '商品券'}</span>
                {coupon.name}（{faceValueText(coupon.faceValueCents)}）
              </li>
            ))}
          </ul>
        )}
      </div>
      <dl className="order-amounts__figures" aria-label="订单金额">
        <dt>商品金额：</dt>
        <dd data-testid="detail-goods">{formatCents(order.goodsCents)}</dd>
        <dt>运费：</dt>
        <dd data-testid="detail-freight">{formatCents(order.freightCents)}</dd>
        <dt>商品优惠：</dt>
        <dd className="order-amounts__discount" data-testid="detail-goods-discount">
          -{formatCents(order.goodsDiscountCents)}
        </dd>
        <dt>运费优惠：</dt>
        <dd className="order-amounts__discount" data-testid="detail-freight-discount">
          -{formatCents(order.freightDiscountCents)}
        </dd>
        <dt className="order-amounts__total">
          {isPaid ? '实付金额：' : order.status === OrderStatus.cancelled || order.status === OrderStatus.closed ? '订单金额：' : '应付金额：'}
        </dt>
        <dd className="order-amounts__total price price--large" data-testid="detail-payable">
          {formatCents(order.payableCents)}
        </dd>
        <OrderRefunds refunds={order.refunds} refundedCents={order.refundedCents} />
      </dl>
    </div>
  );
}
