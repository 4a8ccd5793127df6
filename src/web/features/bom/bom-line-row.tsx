import { useState } from 'react';
import { formatUnitPriceE4 } from '../../../contract/money.ts';
import { formatCents, quantityProblem } from '../../../contract/pricing.ts';
import { QuantityInput, useQuantity } from '../catalog/quantity-input.tsx';
import { StockLabel } from '../catalog/stock-label.tsx';
import type { CandidateFilters } from './bom-candidates.ts';
import { BomCandidatePicker, BomSubstitutes } from './bom-candidate-picker.tsx';
import { noPartText, type PricedLine } from './bom-choices.ts';
import { BomLineQueryCell, BomPartFacts, BomStatusBadge, CrossReferenceLink } from './bom-part-facts.tsx';
import type { BomLineChoices } from './use-bom-line-choices.ts';

/** Columns of the line table: the sub-rows span them all. */
export const bomLineColumnCount = 9;

function OrderQuantity({ priced, onQuantity }: { priced: PricedLine; onQuantity: (quantity: number | null) => void }) {
  const packSize = priced.part?.packSize ?? 1;
  const state = useQuantity(packSize, priced.quantity);
  const commit = (text: string) => {
    const quantity = Number(text);
    if (text.trim() === '' || quantityProblem(quantity, packSize) || quantity === priced.quantity) return;
    onQuantity(quantity === priced.optimisation?.baseQuantity ? null : quantity);
  };
  return <QuantityInput state={state} packSize={packSize} onCommit={commit} label={`第 ${priced.line.lineNo} 行订购数量`} size="small" />;
}

/** "需要 80 个，买 100 个更省 ¥x" with 采用, or the optimised quantity in use with 撤销. */
function OptimiserHint({ priced, onOptimise }: { priced: PricedLine; onOptimise: (isOptimised: boolean) => void }) {
  const { optimisation } = priced;
  if (!optimisation || optimisation.savingCents <= 0) return null;
  if (priced.canOptimise) {
    return (
      <p className="bom-optimiser-hint" data-testid="bom-optimiser-hint">
        <span className="bom-optimiser-hint__icon" aria-hidden="true">
          ￥
        </span>
        {optimisation.message}
        <button type="button" className="link-button bom-optimiser-hint__apply" onClick={() => onOptimise(true)}>
          采用
        </button>
      </p>
    );
  }
  if (!priced.choice.isOptimised) return null;
  return (
    <p className="bom-optimiser-hint bom-optimiser-hint--applied">
      已按 {optimisation.quantity} 个采购，省 {formatCents(optimisation.savingCents)}
      <button type="button" className="link-button bom-optimiser-hint__apply" onClick={() => onOptimise(false)}>
        撤销
      </button>
    </p>
  );
}

interface RowProps {
  priced: PricedLine;
  filters: CandidateFilters;
  choices: BomLineChoices;
}

/** Under a line: the optimiser's offer, then the candidate picker when opened, else the substitutes of a line without a part in stock. */
function LineDetails({ priced, filters, choices, isOpen }: RowProps & { isOpen: boolean }) {
  const { line, part } = priced;
  const choose = (productId: number) => choices.choosePart(line.lineNo, productId);
  const showsOptimiser = priced.canOptimise || (priced.choice.isOptimised && (priced.optimisation?.savingCents ?? 0) > 0);
  const needsSubstitutes = line.substitutes.length > 0 && (part === null || priced.isShortOfStock);
  const chosenId = part?.productId ?? null;
  return (
    <>
      {showsOptimiser && (
        <tr className="bom-line__sub">
          <td colSpan={bomLineColumnCount}>
            <OptimiserHint priced={priced} onOptimise={(isOptimised) => choices.optimise(line.lineNo, isOptimised)} />
          </td>
        </tr>
      )}
      {(isOpen || needsSubstitutes) && (
        <tr className="bom-line__sub">
          <td colSpan={bomLineColumnCount}>
            {isOpen ? (
              <BomCandidatePicker line={line} chosenId={chosenId} quantity={priced.quantity || line.requiredQuantity} filters={filters} onChoose={choose} />
            ) : (
              <BomSubstitutes line={line} chosenId={chosenId} quantity={line.requiredQuantity} onChoose={choose} />
            )}
          </td>
        </tr>
      )}
    </>
  );
}

/** One BOM line: what was asked, the part chosen and its price, and below it the optimiser, substitutes and the candidate picker. */
export function BomLineRow({ priced, filters, choices }: RowProps) {
  const { line, part, choice } = priced;
  const lineNo = line.lineNo;
  const [isOpen, setIsOpen] = useState(false);
  const partCount = line.candidates.length + line.substitutes.length;
  const rowClass = ['bom-line', line.isNotFitted ? 'bom-line--not-fitted' : '', choice.isSelected ? 'bom-line--selected' : ''].filter(Boolean).join(' ');

  return (
    <tbody className={rowClass} data-line-no={lineNo} data-testid="bom-line">
      <tr className="bom-line__main">
        <td className="bom-line__check">
          <input
            type="checkbox"
            aria-label={`选择第 ${lineNo} 行`}
            checked={choice.isSelected}
            disabled={line.isNotFitted}
            onChange={(event) => choices.setSelected(lineNo, event.target.checked)}
          />
        </td>
        <td className="bom-line__no">{lineNo}</td>
        <td className="bom-line__query">
          <BomLineQueryCell line={line} />
        </td>
        <td className="bom-line__status">
          <BomStatusBadge line={line} />
          {!line.isNotFitted && line.matchReason && <div className="bom-line__reason">{line.matchReason}</div>}
        </td>
        <td className="bom-line__part">{part ? <BomPartFacts part={part} /> : <span className="bom-line__none">{noPartText(priced)}</span>}</td>
        <td className="bom-line__stock">
          {part && <StockLabel stock={part.stock} />}
          {priced.isShortOfStock && <div className="bom-line__warning">库存不足</div>}
        </td>
        <td className="bom-line__quantity">
          {!line.isNotFitted && <div className="bom-line__need">需求 {line.requiredQuantity}</div>}
          {part && priced.quantity > 0 && (
            <OrderQuantity key={`${part.productId}-${priced.quantity}`} priced={priced} onQuantity={(quantity) => choices.setQuantity(lineNo, quantity)} />
          )}
        </td>
        <td className="bom-line__amount">
          {priced.unitPriceE4 !== null && <div className="bom-line__unit">{formatUnitPriceE4(priced.unitPriceE4)}/个</div>}
          {part && (
            <strong className="price" data-testid="bom-line-amount">
              {formatCents(priced.amountCents)}
            </strong>
          )}
        </td>
        <td className="bom-line__actions">
          {partCount > 0 && !line.isNotFitted && (
            <button type="button" className="link-button bom-line__toggle" aria-expanded={isOpen} onClick={() => setIsOpen(!isOpen)}>
              {isOpen ? '收起' : partCount > 1 ? `更换（${partCount}）` : '查看阶梯价'}
            </button>
          )}
          <CrossReferenceLink code={part?.code ?? line.query.mpn} />
        </td>
      </tr>
      <LineDetails priced={priced} filters={filters} choices={choices} isOpen={isOpen} />
    </tbody>
  );
}
