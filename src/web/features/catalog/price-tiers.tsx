import { formatUnitPriceE4, amountCentsOf } from '../../../contract/money.ts';
import { formatCents, tierIndexAt, type PriceTier } from '../../../contract/pricing.ts';

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
  // What a whole pack costs is an amount: rounded to fen once, as a cart line of one pack would be.
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
              <span className="price">{formatUnitPriceE4(tier.priceE4)}</span>
              <Original text={formatUnitPriceE4(tier.priceE4)} original={tier.originalPriceE4 === null ? null : formatUnitPriceE4(tier.originalPriceE4)} />
            </td>
            {showsPack && (
              <td className="price-tiers__pack">
                {compact ? `${packPrice(tier.priceE4, packSize)}/包` : packPrice(tier.priceE4, packSize)}
                <Original
                  text={packPrice(tier.priceE4, packSize)}
                  original={tier.originalPriceE4 === null ? null : packPrice(tier.originalPriceE4, packSize)}
                />
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function packPrice(unitPriceE4: number, packSize: number): string {
  return formatCents(amountCentsOf(unitPriceE4, packSize));
}

/** The price before the offer, struck through, when it shows differently from the offer. */
function Original({ text, original }: { text: string; original: string | null }) {
  if (original === null || original === text) return null;
  return <del className="price-tiers__original">{original}</del>;
}
