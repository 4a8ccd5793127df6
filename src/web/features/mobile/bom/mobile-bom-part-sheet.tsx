import { useEffect, useRef } from 'react';
import type { BomCandidate, BomSubstitute } from '../../../../contract/bom.ts';
import { formatUnitPriceE4 } from '../../../../contract/money.ts';
import { unitPriceE4At } from '../../../../contract/pricing.ts';
import { usePageId } from '../../../lib/page-ids.tsx';
import { StockLabel } from '../../catalog/stock-label.tsx';
import { candidateFitLabels } from '../../bom/bom-candidates.ts';
import type { PricedLine } from '../../bom/bom-choices.ts';
import { MobileBomPart } from './mobile-bom-part.tsx';

interface OptionProps {
  part: BomCandidate;
  /** A substitute's reason; a candidate shows the check's evidence instead. */
  reason?: string;
  quantity: number;
  isChosen: boolean;
  basePath: string;
  onChoose: () => void;
}

function PartOption({ part, reason, quantity, isChosen, basePath, onChoose }: OptionProps) {
  const unit = unitPriceE4At(part.priceTiers, Math.max(1, quantity));
  return (
    <li className={isChosen ? 'm-bom-option m-bom-option--chosen' : 'm-bom-option'} data-testid="m-bom-option" data-product-id={part.productId}>
      <MobileBomPart part={part} basePath={basePath} />
      <p className={`m-bom-option__evidence m-bom-option__evidence--${reason ? 'substitute' : part.fit}`}>
        {reason ? `替代理由：${reason}` : `${candidateFitLabels[part.fit]}：${part.evidence}`}
      </p>
      <div className="m-bom-option__foot">
        <span className="m-bom-option__figures">
          <StockLabel stock={part.stock} />
          <span className="mb-muted">{part.packSize > 1 ? `${part.packSize} 个/包` : '1 个起订'}</span>
        </span>
        <span className="mb-price">{unit === null ? '—' : `${formatUnitPriceE4(unit)}/个`}</span>
        {isChosen ? (
          <span className="m-bom-option__chosen" aria-current="true">
            ✓ 已选用
          </span>
        ) : (
          <button type="button" className="mb-button mb-button--small mb-button--primary" onClick={onChoose} aria-label={`选用 ${part.code}`}>
            选用
          </button>
        )}
      </div>
    </li>
  );
}

interface SheetProps {
  /** The line whose parts are offered; null: the sheet is closed. */
  priced: PricedLine | null;
  basePath: string;
  onChoose: (lineNo: number, productId: number) => void;
  onClose: () => void;
}

/**
 * A line's candidates, then its substitutes, in a bottom sheet (the mobile list's modal dialog:
 * focus stays inside, Escape or the backdrop closes it); 选用 takes the part and closes the sheet.
 */
export function MobileBomPartSheet({ priced, basePath, onChoose, onClose }: SheetProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = usePageId();
  const isOpen = priced !== null;
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (isOpen && !element.open) element.showModal();
    else if (!isOpen && element.open) element.close();
  }, [isOpen]);

  const line = priced?.line;
  const quantity = priced ? priced.quantity || priced.line.requiredQuantity : 1;
  const chosenId = priced?.part?.productId ?? null;
  const optionOf = (part: BomCandidate, reason?: string) => (
    <PartOption
      key={part.productId}
      part={part}
      reason={reason}
      quantity={quantity}
      isChosen={part.productId === chosenId}
      basePath={basePath}
      onChoose={() => {
        if (line) onChoose(line.lineNo, part.productId);
        onClose();
      }}
    />
  );
  return (
    <dialog
      ref={dialog}
      className="m-sheet m-bom-sheet"
      aria-labelledby={titleId}
      data-testid="m-bom-sheet"
      onClose={onClose}
      onCancel={onClose}
      onClick={(event) => {
        // A tap on the backdrop lands on the dialog itself, outside its panel.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="m-sheet__panel">
        <div className="m-sheet__head">
          <h2 id={titleId}>{line ? `第 ${line.lineNo} 行：选择商品` : '选择商品'}</h2>
          <button type="button" className="m-sheet__close" aria-label="关闭" onClick={onClose}>
            ×
          </button>
        </div>
        {line && (
          <div className="m-sheet__body">
            {line.candidates.length > 0 && (
              <section aria-label="候选商品">
                <h3 className="m-bom-sheet__caption">
                  {line.status === 'none' ? `最接近的商品（${line.candidates.length}，与 BOM 不符，仅供参考）` : `候选商品（${line.candidates.length}）`}
                </h3>
                <ul className="m-bom-option-list">{line.candidates.map((part) => optionOf(part))}</ul>
              </section>
            )}
            {line.substitutes.length > 0 && (
              <section aria-label="替代料">
                <h3 className="m-bom-sheet__caption">替代料（{line.substitutes.length}）</h3>
                <ul className="m-bom-option-list">{line.substitutes.map((part: BomSubstitute) => optionOf(part, part.reason))}</ul>
              </section>
            )}
          </div>
        )}
      </div>
    </dialog>
  );
}
