import { BomLineStatus, bomLineStatusLabels, type BomMatchSummary } from '../../../contract/bom.ts';
import { formatCents } from '../../../contract/pricing.ts';
import type { BomSelectionTotals } from './bom-choices.ts';

const statusOrder: BomLineStatus[] = [BomLineStatus.exact, BomLineStatus.recommended, BomLineStatus.multiple, BomLineStatus.none, BomLineStatus.notFitted];

/** The match at a glance (rate, lines by status) and the cost optimiser: the total before and after, and 一键优化. */
export function BomOptimiserSummary({ summary, totals, onOptimiseAll }: { summary: BomMatchSummary; totals: BomSelectionTotals; onOptimiseAll: () => void }) {
  const { optimiser } = totals;
  return (
    <section className="bom-summary" aria-label="匹配与优化">
      <div className="bom-summary__match">
        <div className="bom-summary__rate">
          匹配率 <strong data-testid="bom-match-rate">{Math.round(summary.matchRate * 100)}%</strong>
          <span className="bom-summary__of">
            （{summary.matchedCount}/{summary.lineCount - summary.notFittedCount} 行）
          </span>
        </div>
        <ul className="bom-summary__statuses">
          {statusOrder.map((status) => (
            <li key={status} className={`bom-status bom-status--${status}`}>
              {bomLineStatusLabels[status]} {summary.countsByStatus[status]}
            </li>
          ))}
        </ul>
      </div>
      <div className="bom-summary__cost">
        <div className="bom-summary__figure">
          <span className="bom-summary__label">优化前</span>
          <span className="bom-summary__amount" data-testid="bom-total-before">
            {formatCents(optimiser.baseCents)}
          </span>
        </div>
        <span className="bom-summary__arrow" aria-hidden="true">
          →
        </span>
        <div className="bom-summary__figure">
          <span className="bom-summary__label">优化后</span>
          <strong className="price price--large" data-testid="bom-total-after">
            {formatCents(optimiser.optimisedCents)}
          </strong>
        </div>
        <div className="bom-summary__saved">
          {optimiser.savingCents > 0 ? (
            <>
              可省 <strong data-testid="bom-total-saving">{formatCents(optimiser.savingCents)}</strong>（{optimiser.optimisedLineCount} 项凑价格阶梯）
            </>
          ) : (
            '已是最省的采购数量'
          )}
        </div>
        <button type="button" className="button button--accent" disabled={totals.optimisableCount === 0} onClick={onOptimiseAll}>
          {totals.optimisableCount === 0 && optimiser.savingCents > 0 ? '已全部优化' : '一键优化'}
        </button>
      </div>
    </section>
  );
}
