import { useEffect, useRef } from 'react';
import type { BomAddToCartResult } from '../../../../contract/bom.ts';
import { formatCents } from '../../../../contract/pricing.ts';
import type { BomSelectionTotals } from '../../bom/bom-choices.ts';

interface CartBarProps {
  totals: BomSelectionTotals;
  isAdding: boolean;
  onAdd: () => void;
}

/** The bar above the tab bar: how many lines are ticked, their total, and 加入购物车 (a visitor logs in first, the BOM kept). */
export function MobileBomCartBar({ totals, isAdding, onAdd }: CartBarProps) {
  return (
    <div className="mb-bar m-bom-bar" data-testid="m-bom-bar">
      <span className="mb-bar__sum m-bom-bar__sum">
        <span>
          已选 <strong data-testid="m-bom-selected-count">{totals.selectedCount}</strong> 项
        </span>
        <span className="m-bom-bar__total">
          合计{' '}
          <strong className="mb-price" data-testid="m-bom-selected-total">
            {formatCents(totals.currentCents)}
          </strong>
        </span>
      </span>
      <button type="button" className="mb-button mb-button--accent" disabled={isAdding || totals.selectedCount === 0} onClick={onAdd}>
        {isAdding ? '正在加入…' : '加入购物车'}
      </button>
    </div>
  );
}

/** What the cart took, each line it refused with the cart's reason, and the way to the cart; brought into view when it comes. */
export function MobileBomCartReport({ result, cartPath, onClose }: { result: BomAddToCartResult; cartPath: string; onClose: () => void }) {
  const report = useRef<HTMLElement>(null);
  useEffect(() => {
    report.current?.scrollIntoView({ block: 'nearest' });
  }, [result]);
  return (
    <section ref={report} className="mb-card m-bom-report" role="status" aria-label="加入购物车结果">
      <p>
        已加入购物车 <strong data-testid="m-bom-cart-added">{result.addedCount}</strong> 种物料
        {result.failures.length > 0 && `，${result.failures.length} 种未能加入：`}
      </p>
      {result.failures.length > 0 && (
        <ul className="m-bom-report__failures">
          {result.failures.map((failure) => (
            <li key={`${failure.lineNo}-${failure.productId}`}>
              第 {failure.lineNo} 行 {failure.code}：{failure.reason}
            </li>
          ))}
        </ul>
      )}
      <div className="mb-actions">
        <button type="button" className="mb-link" onClick={onClose}>
          关闭
        </button>
        <a className="mb-button mb-button--primary mb-button--small" href={cartPath} data-testid="m-bom-to-cart">
          去购物车结算
        </a>
      </div>
    </section>
  );
}
