import { formatPriceE4 } from '../../../contract/money.ts';
import { tierIndexAt, type PriceTier } from '../../../contract/pricing.ts';

/** "100+" or "100-999": the quantities a tier covers. */
export function tierRangeLabel(tier: PriceTier): string {
  return tier.qtyEnd === null ? `${tier.qtyStart}+` : `${tier.qtyStart}-${tier.qtyEnd}`;
}

/**
 * The ladder of unit prices. With a quantity, the tier that prices it is highlighted; a tier
 * with an original price shows it struck through beside the offer.
 */
export function PriceTiers({
  tiers,
  quantity,
  packSize = 1,
  compact = false,
}: {
  tiers: PriceTier[];
  quantity?: number;
  packSize?: number;
  compact?: boolean;
}) {
  // Unit prices of passives round to ¥0.01 (spec §5), so the price of a whole pack says more.
  const showsPack = packSize > 1;
  if (tiers.length === 0) return <p className="price-tiers__empty">暂无报价</p>;
  const active = quantity === undefined ? -1 : tierIndexAt(tiers, quantity);
  return (
    <table className={compact ? 'price-tiers price-tiers--compact' : 'price-tiers'}>
      {!compact && (
        <thead>
          <tr>
            <th scope="col">数量（个）</th>
            <th scope="col">单价（含税）</th>
            {showsPack && <th scope="col">{`整包价(${packSize}个)`}</th>}
          </tr>
        </thead>
      )}
      <tbody>
        {tiers.map((tier, index) => (
          <tr
            key={tier.qtyStart}
            className={index === active ? 'price-tiers__row price-tiers__row--active' : 'price-tiers__row'}
            data-active={index === active ? 'true' : undefined}
          >
            <td className="price-tiers__qty">{tierRangeLabel(tier)}</td>
            <td className="price-tiers__price">
              <span className="price">{formatPriceE4(tier.priceE4)}</span>
              <Original priceE4={tier.priceE4} originalPriceE4={tier.originalPriceE4} />
            </td>
            {showsPack && (
              <td className="price-tiers__pack">
                {compact ? `${formatPriceE4(tier.priceE4 * packSize)}/包` : formatPriceE4(tier.priceE4 * packSize)}
                <Original priceE4={tier.priceE4 * packSize} originalPriceE4={tier.originalPriceE4 === null ? null : tier.originalPriceE4 * packSize} />
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The price before the offer, struck through, when it shows as a different amount. */
function Original({ priceE4, originalPriceE4 }: { priceE4: number; originalPriceE4: number | null }) {
  if (originalPriceE4 === null || formatPriceE4(originalPriceE4) === formatPriceE4(priceE4)) return null;
  return <del className="price-tiers__original">{formatPriceE4(originalPriceE4)}</del>;
}
