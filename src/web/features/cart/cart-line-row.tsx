import { useEffect } from 'react';
import { brandPath, productDetailPath } from '../../../contract/catalog.ts';
import type { CartLine } from '../../../contract/cart.ts';
import { formatUnitPriceE4, amountCentsOf } from '../../../contract/money.ts';
import { formatCents, quantityProblem } from '../../../contract/pricing.ts';
import { ProductImage } from '../catalog/product-image.tsx';
import { QuantityInput, useQuantity } from '../catalog/quantity-input.tsx';
import { groupDigits } from '../catalog/stock-label.tsx';
import { CustomerPartNoInput } from './customer-part-no-input.tsx';

interface CartLineRowProps {
  line: CartLine;
  qiniuImgAddress: string;
  isBusy: boolean;
  onSelect: (isSelected: boolean) => void;
  onQuantity: (quantity: number) => void;
  onCustomerPartNo: (customerPartNo: string) => Promise<boolean>;
  onRemove: () => void;
}

/** One line: tick, part and its 客户料号, unit price of its tier, quantity (pack multiples), subtotal, stock warning, delete. */
export function CartLineRow({ line, qiniuImgAddress, isBusy, onSelect, onQuantity, onCustomerPartNo, onRemove }: CartLineRowProps) {
  const { product } = line;
  const quantity = useQuantity(product.packSize, line.quantity);
  const { setText } = quantity;
  useEffect(() => {
    setText(String(line.quantity));
  }, [line.quantity, setText]);
  const commit = (text: string) => {
    const next = Number(text);
    if (text.trim() === '' || quantityProblem(next, product.packSize) || next === line.quantity) return;
    onQuantity(next);
  };
  return (
    <tr className={line.isSelected ? 'cart-line cart-line--selected' : 'cart-line'} data-product-id={product.productId}>
      <td className="cart-line__check">
        <input
          type="checkbox"
          checked={line.isSelected}
          onChange={(event) => onSelect(event.target.checked)}
          aria-label={`选择 ${product.code}`}
          disabled={isBusy}
        />
      </td>
      <td className="cart-line__product">
        <ProductImage imagePath={product.imagePath} qiniuImgAddress={qiniuImgAddress} alt={product.code} size={64} />
        <div>
          <a className="cart-line__code" href={productDetailPath(product.productId)}>
            {product.code}
          </a>
          <div className="cart-line__meta">
            品牌：<a href={brandPath(product.brandId)}>{product.brandName}</a>
          </div>
          <div className="cart-line__meta">
            封装：{product.package} · 最小包装：{product.packSize}个
          </div>
          <CustomerPartNoInput value={line.customerPartNo} productCode={product.code} onCommit={onCustomerPartNo} className="customer-part-no" />
        </div>
      </td>
      <td className="cart-line__unit">
        <span className="price" data-testid="line-unit-price">
          {formatUnitPriceE4(line.unitPriceE4)}
        </span>
        {product.packSize > 1 && <div className="cart-line__pack">{`${formatCents(amountCentsOf(line.unitPriceE4, product.packSize))}/包`}</div>}
      </td>
      <td className="cart-line__quantity">
        <QuantityInput state={quantity} packSize={product.packSize} size="small" onCommit={commit} />
        {line.isShortOfStock && (
          <p className="cart-line__warning" role="status">
            库存不足（现货 {groupDigits(product.stock)} 个）
          </p>
        )}
      </td>
      <td className="cart-line__subtotal">
        <strong className="price" data-testid="line-subtotal">
          {formatCents(line.subtotalCents)}
        </strong>
      </td>
      <td className="cart-line__actions">
        <button type="button" className="link-button" onClick={onRemove} disabled={isBusy}>
          删除
        </button>
      </td>
    </tr>
  );
}
