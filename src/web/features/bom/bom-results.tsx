import type { BomMatchResult } from '../../../contract/bom.ts';
import { brandsOf } from './bom-candidates.ts';
import { BomCandidateFilters } from './bom-candidate-filters.tsx';
import { BomCartBar } from './bom-cart-bar.tsx';
import { isOrderable } from './bom-choices.ts';
import { BomLineTable } from './bom-line-table.tsx';
import { BomOptimiserSummary } from './bom-optimiser-summary.tsx';
import type { BomWorkspace } from './use-bom-workspace.ts';

/** The matched BOM: the match and optimiser summary, the candidate filters, the lines and the cart bar. */
export function BomResults({ bom, result }: { bom: BomWorkspace; result: BomMatchResult }) {
  const { actions } = bom;
  return (
    <>
      <BomOptimiserSummary summary={result.summary} totals={bom.totals} onOptimiseAll={bom.lines.optimiseAll} />
      <BomCandidateFilters filters={bom.filters} brands={brandsOf(result.lines)} onChange={bom.setFilters} />
      <BomLineTable priced={bom.priced} filters={bom.filters} choices={bom.lines} />
      <BomCartBar
        totals={bom.totals}
        orderableCount={bom.priced.filter(isOrderable).length}
        isAdding={actions.busy === 'cart'}
        onAdd={(onlySelected) => void actions.addToCart(onlySelected)}
      />
    </>
  );
}
