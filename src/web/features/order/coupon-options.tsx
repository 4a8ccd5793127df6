import { memberCouponValidityText, type DraftCoupon } from '../../../contract/coupon.ts';
import { formatCents } from '../../../contract/pricing.ts';
import { CouponTicket } from '../coupon/coupon-ticket.tsx';

export interface CouponOptionsProps {
  coupons: DraftCoupon[];
  chosenIds: number[];
  isDisabled: boolean;
  onToggle: (coupon: DraftCoupon) => void;
}

/** The member's coupons judged against this order: usable ones to tick (the best combination comes ticked), the others with why not. */
export function CouponOptions({ coupons, chosenIds, isDisabled, onToggle }: CouponOptionsProps) {
  const usable = coupons.filter((coupon) => coupon.isUsable);
  const unusable = coupons.filter((coupon) => !coupon.isUsable);
  if (coupons.length === 0) {
    return (
      <p className="checkout-muted">
        暂无可用优惠券，<a href="/coupon">去领券中心看看 ›</a>
      </p>
    );
  }
  return (
    <div className="checkout-coupons">
      {usable.length === 0 ? <p className="checkout-muted">本单暂无可用优惠券</p> : null}
      <div className="coupon-grid">
        {usable.map((coupon) => {
          const isChosen = chosenIds.includes(coupon.memberCouponId);
          return (
            <CouponTicket
              key={coupon.memberCouponId}
              terms={coupon}
              name={coupon.name}
              validity={memberCouponValidityText(coupon)}
              testId="checkout-coupon"
              details={<p className="checkout-coupon__saving">可省 {formatCents(coupon.discountCents)}</p>}
              action={
                <label className="checkout-coupon__choose">
                  <input type="checkbox" checked={isChosen} disabled={isDisabled} onChange={() => onToggle(coupon)} aria-label={`使用优惠券 ${coupon.name}`} />
                  {isChosen ? '已选' : '使用'}
                </label>
              }
            />
          );
        })}
      </div>
      {unusable.length > 0 ? (
        <details className="checkout-coupons__unusable">
          <summary>不可用优惠券（{unusable.length}）</summary>
          <div className="coupon-grid">
            {unusable.map((coupon) => (
              <CouponTicket
                key={coupon.memberCouponId}
                terms={coupon}
                name={coupon.name}
                validity={memberCouponValidityText(coupon)}
                tone="muted"
                details={<p className="checkout-coupon__reason">{coupon.unusableReason}</p>}
              />
            ))}
          </div>
        </details>
      ) : null}
    </div>
  );
}
