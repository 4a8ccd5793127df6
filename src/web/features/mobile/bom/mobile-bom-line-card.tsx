import { BomLineStatus, type BomLine } from '../../../../contract/bom.ts';
import { formatUnitPriceE4 } from '../../../../contract/money.ts';
import { formatCents } from '../../../../contract/pricing.ts';
import { groupDigits, StockLabel } from '../../catalog/stock-label.tsx';
import { candidateFitLabels, partsOfLine } from '../../bom/bom-candidates.ts';
import { noPartText, type PricedLine } from '../../bom/bom-choices.ts';
import { BomLineQueryCell, BomStatusBadge, CrossReferenceLink } from '../../bom/bom-part-facts.tsx';
import { MobileBomPart } from './mobile-bom-part.tsx';

interface LineCardProps {
  priced: PricedLine;
  basePath: string;
  onSelect: (isSelected: boolean) => void;
  /** Opens the sheet of the line's candidates and substitutes. */
  onChoose: () => void;
}

/** Why the line is what it is: the match's evidence, or why nothing matched (the reason then says 未匹配 or 缺货 itself). */
function reasonText(line: BomLine): string {
  return line.status === BomLineStatus.none || line.isNotFitted ? line.matchReason : `匹配依据：${line.matchReason}`;
}

/** The chosen part's price at the quantity ordered, its stock and what is short. */
function PartFigures({ priced }: { priced: PricedLine }) {
  const { part, quantity } = priced;
  if (!part) return null;
  return (
    <>
      <p className="m-bom-line__price">
        <span>
          {priced.unitPriceE4 === null ? '暂无报价' : `${formatUnitPriceE4(priced.unitPriceE4)}/个`} × {groupDigits(quantity)}
        </span>
        <strong className="mb-price" data-testid="m-bom-line-amount">
          {formatCents(priced.amountCents)}
        </strong>
      </p>
      <p className="m-bom-line__stock">
        <StockLabel stock={part.stock} />
        {priced.isShortOfStock && (
          <span className="mb-warning" data-testid="m-bom-line-short">
            库存不足，缺 {groupDigits(quantity - Math.max(0, part.stock))} 个
          </span>
        )}
      </p>
    </>
  );
}

/**
 * One BOM line as a card: tick, status, what the BOM asks (designators, value, package), why it
 * matched, the part chosen with its price, stock and shortfall, and the ways to another part.
 */
export function MobileBomLineCard({ priced, basePath, onSelect, onChoose }: LineCardProps) {
  const { line, part, choice } = priced;
  const partCount = partsOfLine(line).length;
  // A line whose one part is already chosen has nothing to choose between.
  const hasChoice = !line.isNotFitted && (part ? partCount > 1 : partCount > 0);
  const evidence = part?.evidence && part.evidence !== line.matchReason ? `${candidateFitLabels[part.fit]}：${part.evidence}` : '';
  return (
    <li className={line.isNotFitted ? 'm-bom-line m-bom-line--not-fitted' : 'm-bom-line'} data-testid="m-bom-line" data-line-no={line.lineNo}>
      <div className="m-bom-line__head">
        <input
          className="mb-check"
          type="checkbox"
          aria-label={`选择第 ${line.lineNo} 行`}
          checked={choice.isSelected}
          disabled={line.isNotFitted || part === null}
          onChange={(event) => onSelect(event.target.checked)}
        />
        <span className="m-bom-line__no">第 {line.lineNo} 行</span>
        <BomStatusBadge line={line} />
      </div>
      <BomLineQueryCell line={line} />
      {!line.isNotFitted && <p className="m-bom-line__need">需求 {groupDigits(line.requiredQuantity)} 个</p>}
      {line.matchReason && (
        <p className="m-bom-line__reason" data-testid="m-bom-line-reason">
          {reasonText(line)}
        </p>
      )}
      <div className="m-bom-line__part">
        {part ? <MobileBomPart part={part} basePath={basePath} /> : <p className="m-bom-line__none">{noPartText(priced)}</p>}
        {evidence && <p className="m-bom-line__evidence">{evidence}</p>}
        <PartFigures priced={priced} />
      </div>
      <div className="m-bom-line__actions">
        {hasChoice && (
          <button type="button" className="mb-button mb-button--small" onClick={onChoose} aria-haspopup="dialog">
            {part ? `更换（${partCount}）` : `选择商品（${partCount}）`}
          </button>
        )}
        <CrossReferenceLink code={part?.code ?? line.query.mpn} />
      </div>
    </li>
  );
}
