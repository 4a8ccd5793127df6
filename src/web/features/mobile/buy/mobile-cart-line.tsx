import { useEffect } from 'react';
import type { CartLine } from '../../../../contract/cart.ts';
import { formatUnitPriceE4 } from '../../../../contract/money.ts';
import { formatCents, quantityProblem } from '../../../../contract/pricing.ts';
import { ProductImage } from '../../catalog/product-image.tsx';
import { QuantityInput, useQuantity } from '../../catalog/quantity-input.tsx';
import { groupDigits } from '../../catalog/stock-label.tsx';
import { CustomerPartNoInput } from '../../cart/customer-part-no-input.tsx';

interface MobileCartLineProps {
  line: CartLine;
  qiniuImgAddress: string;
  basePath: string;
  isBusy: boolean;
  onSelect: (isSelected: boolean) => void;
  onQuantity: (quantity: number) => void;
  onCustomerPartNo: (customerPartNo: string) => Promise<boolean>;
  onRemove: () => void;
}

/** One cart line as a card: tick, part, tier unit price, quantity in pack multiples, subtotal, 客户料号, delete. */
export function MobileCartLine({ line, qiniuImgAddress, basePath, isBusy, onSelect, onQuantity, onCustomerPartNo, onRemove }: MobileCartLineProps) {
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
    <li className="mb-cart-line" data-testid="m-cart-line" data-product-id={product.productId}>
      <input
        className="mb-check"
        type="checkbox"
        checked={line.isSelected}
        onChange={(event) => onSelect(event.target.checked)}
        aria-label={`选择 ${product.code}`}
        disabled={isBusy}
      />
      <ProductImage imagePath={product.imagePath} qiniuImgAddress={qiniuImgAddress} alt={product.code} size={64} />
      <div className="mb-cart-line__body">
        <a className="mb-cart-line__code" href={`${basePath}/product/detail/${String(product.productId)}`}>
          {product.code}
        </a>
        <p className="mb-muted">
          {product.brandName} · {product.package} · 最小包装 {product.packSize} 个
        </p>
        <p className="mb-cart-line__price">
          <span>
            单价 <span data-testid="line-unit-price">{formatUnitPriceE4(line.unitPriceE4)}</span>
          </span>
          <strong className="mb-price" data-testid="line-subtotal">
            {formatCents(line.subtotalCents)}
          </strong>
        </p>
        <div className="mb-cart-line__foot">
          <QuantityInput state={quantity} packSize={product.packSize} size="small" onCommit={commit} />
          <button type="button" className="mb-link" onClick={onRemove} disabled={isBusy}>
            删除
          </button>
        </div>
        <CustomerPartNoInput value={line.customerPartNo} productCode={product.code} onCommit={onCustomerPartNo} className="mb-customer-part-no" />
        {line.isShortOfStock && (
          <p className="mb-warning" role="status">
            库存不足（现货 {groupDigits(product.stock)} 个）
          </p>
        )}
      </div>
    </li>
  );
}
