import { productDetailPath } from '../../../contract/catalog.ts';
import { formatUnitPriceE4 } from '../../../contract/money.ts';
import { availabilityLabels, priceChangeText, purchaseListLimits, type PurchaseListLine } from '../../../contract/purchase-list.ts';
import { QuantityInput } from '../catalog/quantity-input.tsx';
import { groupDigits } from '../catalog/stock-label.tsx';
import { useListLineEdits, type ListLineChange } from './use-list-line-edits.ts';

function unitPriceText(priceE4: number | null): string {
  return priceE4 === null ? '—' : formatUnitPriceE4(priceE4);
}

/** 单价 and 库存, each as saved → now, with the change and a shortage tag. */
function SavedAndNow({ line }: { line: PurchaseListLine }) {
  const change = line.priceChange;
  return (
    <dl className="m-list-line__figures">
      <dt>单价</dt>
      <dd data-testid="list-line-price">
        {unitPriceText(line.savedUnitPriceE4)} → <strong>{unitPriceText(line.currentUnitPriceE4)}</strong>
        {change && (
          <span className={`list-line__change list-line__change--${change.direction}`} data-testid="list-line-change">
            {priceChangeText(change)}
          </span>
        )}
      </dd>
      <dt>库存</dt>
      <dd data-testid="list-line-stock">
        {groupDigits(line.savedStock)} → <strong>{line.availability === 'delisted' ? '—' : groupDigits(line.currentStock)}</strong>
        {line.availability !== 'inStock' && (
          <span className={`list-line__tag list-line__tag--${line.availability}`}>{availabilityLabels[line.availability]}</span>
        )}
      </dd>
    </dl>
  );
}

interface MobileListLineProps {
  line: PurchaseListLine;
  basePath: string;
  isSelected: boolean;
  isBusy: boolean;
  isReadOnly: boolean;
  onSelect: (isOn: boolean) => void;
  onChange: (change: ListLineChange) => void;
  onRemove: () => void;
}

/** One list line as a card: tick, part, saved → current price and stock, quantity (pack multiples), 客户料号, 移除. */
export function MobileListLine({ line, basePath, isSelected, isBusy, isReadOnly, onSelect, onChange, onRemove }: MobileListLineProps) {
  const { quantity, partNo, setPartNo, commitQuantity, commitPartNo } = useListLineEdits(line, onChange);
  const isGone = line.availability === 'delisted';
  return (
    <li className={isGone ? 'm-list-line m-list-line--gone' : 'm-list-line'} data-testid="list-line" data-line-id={line.lineId}>
      <input
        className="mb-check"
        type="checkbox"
        checked={isSelected}
        onChange={(event) => onSelect(event.target.checked)}
        aria-label={`选择 ${line.code}`}
        disabled={isBusy}
      />
      <div className="m-list-line__body">
        {line.productId === null ? (
          <span className="m-list-line__code">{line.code}</span>
        ) : (
          <a className="m-list-line__code" href={`${basePath}${productDetailPath(line.productId)}`}>
            {line.code}
          </a>
        )}
        <p className="mb-muted">
          {line.brandName} · {line.package}
        </p>
        <SavedAndNow line={line} />
        <div className="m-list-line__foot">
          {isReadOnly ? (
            <span>数量 {groupDigits(line.quantity)}</span>
          ) : (
            <QuantityInput state={quantity} packSize={line.packSize} size="small" label={`${line.code} 的数量`} onCommit={commitQuantity} />
          )}
          {!isReadOnly && (
            <button type="button" className="mb-link" onClick={onRemove} disabled={isBusy}>
              移除
            </button>
          )}
        </div>
        {line.orderQuantity !== line.quantity && !isGone && <p className="mb-muted">按起订量与整包加购 {groupDigits(line.orderQuantity)}</p>}
        <label className="m-list-line__part-no">
          客户料号
          <input
            readOnly={isReadOnly}
            value={partNo}
            maxLength={purchaseListLimits.customerPartNoMax}
            placeholder="选填"
            aria-label={`${line.code} 的客户料号`}
            onChange={(event) => setPartNo(event.target.value)}
            onBlur={commitPartNo}
            onKeyDown={(event) => {
              if (event.key === 'Enter') commitPartNo();
            }}
          />
        </label>
      </div>
    </li>
  );
}
