import type { BomAddToCartResult } from '../../../contract/bom.ts';
import { formatCents } from '../../../contract/pricing.ts';
import type { BomSelectionTotals } from './bom-choices.ts';

interface CartBarProps {
  totals: BomSelectionTotals;
  orderableCount: number;
  isAdding: boolean;
  onAdd: (onlySelected: boolean) => void;
}

/** The foot of the lines: the ticked lines' total and the two ways into the cart. */
export function BomCartBar({ totals, orderableCount, isAdding, onAdd }: CartBarProps) {
  return (
    <div className="bom-cart-bar">
      <span className="bom-cart-bar__summary">
        已选 <strong data-testid="bom-selected-count">{totals.selectedCount}</strong> 项，合计
        <strong className="price price--large" data-testid="bom-selected-total">
          {formatCents(totals.currentCents)}
        </strong>
      </span>
      <button type="button" className="button" disabled={isAdding || totals.selectedCount === 0} onClick={() => onAdd(true)}>
        选中加入购物车
      </button>
      <button type="button" className="button button--accent button--large" disabled={isAdding || orderableCount === 0} onClick={() => onAdd(false)}>
        全部加入购物车
      </button>
    </div>
  );
}

/** What the cart took, and each line it could not, with the cart's reason. */
export function BomCartReport({ result, onClose }: { result: BomAddToCartResult; onClose: () => void }) {
  return (
    <section className="bom-panel bom-cart-report" role="status" aria-label="加入购物车结果">
      <p className="bom-cart-report__head">
        已加入购物车 <strong data-testid="bom-cart-added">{result.addedCount}</strong> 种物料
        {result.failures.length > 0 && `，${result.failures.length} 种未能加入：`}
        <a className="bom-cart-report__link" href="/cart">
          去购物车结算
        </a>
        <button type="button" className="link-button" onClick={onClose}>
          关闭
        </button>
      </p>
      {result.failures.length > 0 && (
        <table className="bom-cart-report__failures">
          <thead>
            <tr>
              <th scope="col">行</th>
              <th scope="col">商品</th>
              <th scope="col">原因</th>
            </tr>
          </thead>
          <tbody>
            {result.failures.map((failure) => (
              <tr key={`${failure.lineNo}-${failure.productId}`}>
                <td>{failure.lineNo}</td>
                <td>{failure.code}</td>
                <td>{failure.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
