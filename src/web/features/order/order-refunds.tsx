import { Fragment } from 'react';
import type { OrderRefund } from '../../../contract/order.ts';
import { formatCents } from '../../../contract/pricing.ts';

/**
 * The order's refunds among its figures: each amount after 退款中 or 已退款 (how it goes back, 原路退回
 * or 线下退款, as its title); a payment that arrived after the order could take it reads 付款退回中 or
 * 付款已退回, its title saying why (原路退回（订单已取消）).
 */
export function OrderRefunds({ refunds, refundedCents }: { refunds: OrderRefund[]; refundedCents: number }) {
  // Orders refunded before refunds were recorded one by one show their total.
  if (refunds.length === 0) {
    return refundedCents > 0 ? (
      <>
        <dt>已退款：</dt>
        <dd data-testid="detail-refunded">{formatCents(refundedCents)}</dd>
      </>
    ) : null;
  }
  return refunds.map((refund) => (
    <Fragment key={refund.refundNo}>
      <dt>{refund.statusLabel}：</dt>
      <dd data-testid="detail-refund" title={refund.channelLabel}>
        {formatCents(refund.amountCents)}
      </dd>
    </Fragment>
  ));
}
