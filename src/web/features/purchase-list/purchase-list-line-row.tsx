import { productDetailPath } from '../../../contract/catalog.ts';
import { formatUnitPriceE4 } from '../../../contract/money.ts';
import { availabilityLabels, priceChangeText, purchaseListLimits, type PurchaseListLine } from '../../../contract/purchase-list.ts';
import { QuantityInput } from '../catalog/quantity-input.tsx';
import { groupDigits } from '../catalog/stock-label.tsx';
import { useListLineEdits, type ListLineChange } from './use-list-line-edits.ts';

function PriceCell({ line }: { line: PurchaseListLine }) {
  const change = line.priceChange;
  const direction = change?.direction ?? 'same';
  return (
    <td className="list-line__price" data-testid="list-line-price">
      <span className="list-line__saved">{line.savedUnitPriceE4 === null ? '—' : formatUnitPriceE4(line.savedUnitPriceE4)}</span>
      <span className="list-line__arrow" aria-hidden="true">
        →
      </span>
      <span className="list-line__current">{line.currentUnitPriceE4 === null ? '—' : formatUnitPriceE4(line.currentUnitPriceE4)}</span>
      {change && (
        <span className={`list-line__change list-line__change--${direction}`} data-testid="list-line-change">
          {priceChangeText(change)}
        </span>
      )}
    </td>
  );
}

function StockCell({ line }: { line: PurchaseListLine }) {
  const isShort = line.availability !== 'inStock';
  return (
    <td className="list-line__stock" data-testid="list-line-stock">
      <span className="list-line__saved">{groupDigits(line.savedStock)}</span>
      <span className="list-line__arrow" aria-hidden="true">
        →
      </span>
      <span className="list-line__current">{line.availability === 'delisted' ? '—' : groupDigits(line.currentStock)}</span>
      {isShort && <span className={`list-line__tag list-line__tag--${line.availability}`}>{availabilityLabels[line.availability]}</span>}
    </td>
  );
}

interface LineRowProps {
  line: PurchaseListLine;
  isSelected: boolean;
  isBusy: boolean;
  /** A company's shared list seen by a role that may not change it: quantity and 客户料号 shown, not edited. */
  isReadOnly: boolean;
  onSelect: (isOn: boolean) => void;
  onChange: (change: ListLineChange) => void;
  onRemove: () => void;
}

/** One line: part, maker, package, 客户料号, quantity (pack multiples), saved → current price and stock, remove. */
export function PurchaseListLineRow({ line, isSelected, isBusy, isReadOnly, onSelect, onChange, onRemove }: LineRowProps) {
  const { quantity, partNo, setPartNo, commitQuantity, commitPartNo } = useListLineEdits(line, onChange);
  const isGone = line.availability === 'delisted';
  return (
    <tr className={isGone ? 'list-line list-line--gone' : 'list-line'} data-testid="list-line" data-line-id={line.lineId}>
      <td>
        <input type="checkbox" checked={isSelected} onChange={(event) => onSelect(event.target.checked)} aria-label={`选择 ${line.code}`} disabled={isBusy} />
      </td>
      <td className="list-line__part">
        <div>
          {line.productId === null ? (
            <span className="list-line__code">{line.code}</span>
          ) : (
            <a className="list-line__code" href={productDetailPath(line.productId)}>
              {line.code}
            </a>
          )}
          {isGone && <span className="list-line__tag list-line__tag--delisted">下架</span>}
          <div className="list-line__meta">{line.brandName}</div>
        </div>
      </td>
      <td>{line.package}</td>
      <td>
        <input
          readOnly={isReadOnly}
          className="list-line__part-no"
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
      </td>
      <td className="list-line__quantity">
        {isReadOnly ? (
          <span>{groupDigits(line.quantity)}</span>
        ) : (
          <QuantityInput state={quantity} packSize={line.packSize} size="small" label={`${line.code} 的数量`} onCommit={commitQuantity} />
        )}
        {line.orderQuantity !== line.quantity && !isGone && <p className="list-line__order-note">按起订量与整包加购 {groupDigits(line.orderQuantity)}</p>}
      </td>
      <PriceCell line={line} />
      <StockCell line={line} />
      <td className="list-line__actions">
        {!isReadOnly && (
          <button type="button" className="link-button" onClick={onRemove} disabled={isBusy}>
            移除
          </button>
        )}
      </td>
    </tr>
  );
}
