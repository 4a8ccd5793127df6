import { productDetailPath } from '../../../contract/catalog.ts';
import type { FavoriteItem } from '../../../contract/favorite.ts';
import { formatUnitPriceE4 } from '../../../contract/money.ts';
import { formatBeijingDate } from '../../../contract/time.ts';
import { AddToCartButton } from '../cart/add-to-cart-button.tsx';
import { ProductImage } from '../catalog/product-image.tsx';
import { groupDigits } from '../catalog/stock-label.tsx';

interface FavoriteRowProps {
  item: FavoriteItem;
  qiniuImgAddress: string;
  isSelected: boolean;
  isBusy: boolean;
  onSelect: (isOn: boolean) => void;
  onRemove: () => void;
  onAlert: (alerts: { stock: boolean; price: boolean }) => void;
}

/** One favourite: part, brand, package, price at one piece, stock, date added, alerts, add to cart, delete. */
export function FavoriteRow({ item, qiniuImgAddress, isSelected, isBusy, onSelect, onRemove, onAlert }: FavoriteRowProps) {
  return (
    <tr className={item.isDiscontinued ? 'favorite-row favorite-row--gone' : 'favorite-row'} data-product-id={item.productId} data-testid="favorite-row">
      <td className="favorite-row__check">
        <input type="checkbox" checked={isSelected} onChange={(event) => onSelect(event.target.checked)} aria-label={`选择 ${item.code}`} disabled={isBusy} />
      </td>
      <td className="favorite-row__part">
        <ProductImage imagePath={item.imagePath} qiniuImgAddress={qiniuImgAddress} alt={item.code} size={56} />
        <div>
          <a className="favorite-row__code" href={productDetailPath(item.productId)}>
            {item.code}
          </a>
          {item.isDiscontinued && <span className="favorite-row__gone-tag">已停售</span>}
          <div className="favorite-row__description">{item.description}</div>
        </div>
      </td>
      <td>{item.brandName}</td>
      <td>{item.package}</td>
      <td className="favorite-row__price" data-testid="favorite-price">
        {item.unitPriceE4 === null ? '—' : formatUnitPriceE4(item.unitPriceE4)}
      </td>
      <td data-testid="favorite-stock">{item.stock > 0 ? groupDigits(item.stock) : <span className="favorite-row__out">缺货</span>}</td>
      <td>{formatBeijingDate(item.createdAt)}</td>
      <td className="favorite-row__alerts">
        <label>
          <input
            type="checkbox"
            checked={item.isStockAlertOn}
            disabled={isBusy}
            onChange={(event) => onAlert({ stock: event.target.checked, price: item.isPriceAlertOn })}
          />
          到货提醒
        </label>
        <label>
          <input
            type="checkbox"
            checked={item.isPriceAlertOn}
            disabled={isBusy}
            onChange={(event) => onAlert({ stock: item.isStockAlertOn, price: event.target.checked })}
          />
          降价提醒
        </label>
      </td>
      <td className="favorite-row__actions">
        {item.isDiscontinued ? (
          <button type="button" className="button favorite-row__cart" disabled>
            已停售
          </button>
        ) : (
          <AddToCartButton
            productId={item.productId}
            quantity={item.initialQuantity}
            packSize={item.packSize}
            className="button button--accent favorite-row__cart"
          />
        )}
        <button type="button" className="link-button" onClick={onRemove} disabled={isBusy}>
          删除
        </button>
      </td>
    </tr>
  );
}
