import type { SettlementPricing } from '../../../contract/order.ts';
import { formatCents } from '../../../contract/pricing.ts';

/** The figures placement charges: goods at tier prices, freight, the coupons' discounts, the payable amount. */
export function PriceSummary({ pricing }: { pricing: SettlementPricing }) {
  const pieces = pricing.lines.reduce((sum, line) => sum + line.quantity, 0);
  const orderedLines = pricing.lines.filter((line) => line.quantity > 0).length;
  return (
    <dl className="checkout-summary" aria-label="金额明细">
      <div className="checkout-summary__row">
        <dt>
          {orderedLines} 种商品，共 {pieces} 件，商品金额：
        </dt>
        <dd data-testid="summary-goods">{formatCents(pricing.goodsCents)}</dd>
      </div>
      <div className="checkout-summary__row">
        <dt>运费：</dt>
        <dd data-testid="summary-freight">{formatCents(pricing.freightCents)}</dd>
      </div>
      <div className="checkout-summary__row">
        <dt>商品优惠：</dt>
        <dd className="checkout-summary__discount" data-testid="summary-goods-discount">
          -{formatCents(pricing.goodsDiscountCents)}
        </dd>
      </div>
      <div className="checkout-summary__row">
        <dt>运费优惠：</dt>
        <dd className="checkout-summary__discount" data-testid="summary-freight-discount">
          -{formatCents(pricing.freightDiscountCents)}
        </dd>
      </div>
      <div className="checkout-summary__row checkout-summary__row--total">
        <dt>应付总额：</dt>
        <dd className="price price--large" data-testid="summary-payable">
          {formatCents(pricing.payableCents)}
        </dd>
      </div>
    </dl>
  );
}
