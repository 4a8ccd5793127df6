import { productFormLimits } from '../../../contract/console/products.ts';
import type { TierDraft } from './product-draft.ts';

/** Price tiers: from quantity N the unit price is P (yuan, up to 4 decimals); a special offer also shows the original price. */
export function TierEditor({
  tiers,
  isSpecialOffer,
  isReadOnly,
  onChange,
}: {
  tiers: readonly TierDraft[];
  isSpecialOffer: boolean;
  isReadOnly: boolean;
  onChange: (tiers: TierDraft[]) => void;
}) {
  const update = (index: number, patch: Partial<TierDraft>) => onChange(tiers.map((tier, i) => (i === index ? { ...tier, ...patch } : tier)));
  return (
    <fieldset className="catalog-desk__fieldset">
      <legend>价格阶梯</legend>
      <table className="admin-table catalog-desk__tiers">
        <thead>
          <tr>
            <th>起订数量（≥）</th>
            <th>单价（¥）</th>
            {isSpecialOffer && <th>原价（¥）</th>}
            <th />
          </tr>
        </thead>
        <tbody>
          {tiers.map((tier, index) => (
            // The tiers have no id of their own: their place is their identity while editing.
            <tr key={index}>
              <td>
                <input
                  aria-label={`第${String(index + 1)}阶起订数量`}
                  inputMode="numeric"
                  value={tier.qtyStart}
                  disabled={isReadOnly}
                  onChange={(event) => update(index, { qtyStart: event.target.value })}
                />
              </td>
              <td>
                <input
                  aria-label={`第${String(index + 1)}阶单价`}
                  inputMode="decimal"
                  value={tier.price}
                  disabled={isReadOnly}
                  onChange={(event) => update(index, { price: event.target.value })}
                />
              </td>
              {isSpecialOffer && (
                <td>
                  <input
                    aria-label={`第${String(index + 1)}阶原价`}
                    inputMode="decimal"
                    value={tier.originalPrice}
                    disabled={isReadOnly}
                    onChange={(event) => update(index, { originalPrice: event.target.value })}
                  />
                </td>
              )}
              <td>
                {!isReadOnly && tiers.length > 1 && (
                  <button type="button" className="catalog-desk__link" onClick={() => onChange(tiers.filter((_, i) => i !== index))}>
                    删除
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {!isReadOnly && tiers.length < productFormLimits.maxTiers && (
        <button type="button" className="catalog-desk__link" onClick={() => onChange([...tiers, { qtyStart: '', price: '', originalPrice: '' }])}>
          + 添加阶梯
        </button>
      )}
      <p className="catalog-desk__hint">起订量从小到大，数量越多单价不得越高；最小起订量即首阶数量，须为包装数量的整数倍。</p>
    </fieldset>
  );
}
