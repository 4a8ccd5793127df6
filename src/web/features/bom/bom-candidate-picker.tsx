import type { ReactNode } from 'react';
import type { BomCandidate, BomLine, BomSubstitute } from '../../../contract/bom.ts';
import { formatUnitPriceE4 } from '../../../contract/money.ts';
import { unitPriceE4At } from '../../../contract/pricing.ts';
import { PriceTiers } from '../catalog/price-tiers.tsx';
import { StockLabel } from '../catalog/stock-label.tsx';
import { candidateFitLabels, filterCandidates, hasActiveFilters, type CandidateFilters } from './bom-candidates.ts';
import { BomPartFacts } from './bom-part-facts.tsx';

interface PickerProps {
  line: BomLine;
  chosenId: number | null;
  /** The quantity the line orders at (prices are shown at it). */
  quantity: number;
  filters: CandidateFilters;
  onChoose: (productId: number) => void;
}

function CandidateRow({
  part,
  isChosen,
  quantity,
  reason,
  onChoose,
}: {
  part: BomCandidate;
  isChosen: boolean;
  quantity: number;
  reason?: string;
  onChoose: () => void;
}) {
  const unit = unitPriceE4At(part.priceTiers, Math.max(1, quantity));
  return (
    <tr className={isChosen ? 'bom-candidate bom-candidate--chosen' : 'bom-candidate'} data-product-id={part.productId}>
      <td className="bom-candidate__facts">
        <BomPartFacts part={part} />
        {reason ? (
          <p className="bom-candidate__reason">替代理由：{reason}</p>
        ) : (
          <p className={`bom-candidate__evidence bom-candidate__evidence--${part.fit}`}>
            {candidateFitLabels[part.fit]}：{part.evidence}
          </p>
        )}
      </td>
      <td className="bom-candidate__stock">
        <StockLabel stock={part.stock} />
        <div className="bom-candidate__pack">{part.packSize > 1 ? `${part.packSize} 个/包，按整包购买` : '1 个起订'}</div>
      </td>
      <td className="bom-candidate__tiers">
        <PriceTiers tiers={part.priceTiers} compact />
      </td>
      <td className="bom-candidate__unit">{unit === null ? '—' : <span className="price">{formatUnitPriceE4(unit)}</span>}</td>
      <td className="bom-candidate__action">
        {isChosen ? (
          <span className="bom-candidate__chosen" aria-current="true">
            ✓ 已选用
          </span>
        ) : (
          <button type="button" className="button button--small" onClick={onChoose} aria-label={`选用 ${part.code}`}>
            选用
          </button>
        )}
      </td>
    </tr>
  );
}

function PartTable({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <table className="bom-candidates__table">
      <caption className="bom-candidates__caption">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">商品</th>
          <th scope="col">库存 / 包装</th>
          <th scope="col">阶梯价</th>
          <th scope="col">当前单价</th>
          <th scope="col">操作</th>
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/** The line's candidates under the BOM's filters and sort, then its substitutes with the reason they fit. */
export function BomCandidatePicker({ line, chosenId, quantity, filters, onChoose }: PickerProps) {
  const candidates = filterCandidates(line.candidates, filters, quantity);
  const hiddenCount = line.candidates.length - candidates.length;
  return (
    <div className="bom-candidates" data-testid={`bom-candidates-${line.lineNo}`}>
      {line.candidates.length === 0 ? (
        <p className="bom-candidates__empty">未找到匹配的商品{line.substitutes.length > 0 ? '，可选用下列替代料' : '，可提交询价由客服为您找货'}</p>
      ) : (
        <PartTable caption={line.status === 'none' ? `最接近的商品（${candidates.length}，与 BOM 不符，仅供参考）` : `候选商品（${candidates.length}）`}>
          {candidates.map((part) => (
            <CandidateRow
              key={part.productId}
              part={part}
              isChosen={part.productId === chosenId}
              quantity={quantity}
              onChoose={() => onChoose(part.productId)}
            />
          ))}
        </PartTable>
      )}
      {hiddenCount > 0 && (
        <p className="bom-candidates__hidden">
          {hasActiveFilters(filters) ? `另有 ${hiddenCount} 个候选不符合筛选条件` : ''}
          {candidates.length === 0 && '，请调整上方的筛选条件'}
        </p>
      )}
      {line.substitutes.length > 0 && <BomSubstitutes line={line} chosenId={chosenId} quantity={quantity} onChoose={onChoose} />}
    </div>
  );
}

export function BomSubstitutes({ line, chosenId, quantity, onChoose }: Omit<PickerProps, 'filters'>) {
  return (
    <PartTable caption="替代料">
      {line.substitutes.map((part: BomSubstitute) => (
        <CandidateRow
          key={part.productId}
          part={part}
          isChosen={part.productId === chosenId}
          quantity={quantity}
          reason={part.reason}
          onChoose={() => onChoose(part.productId)}
        />
      ))}
    </PartTable>
  );
}
