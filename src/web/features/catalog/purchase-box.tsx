import { formatCents, initialQuantityOf, lineAmountCents, nextTierSaving } from '../../../contract/pricing.ts';
import type { ProductSummary } from '../../../contract/catalog.ts';
import { dispatchNoteOf, warehousesHoldingStock, warehouseStockText, type WarehouseStock } from '../../../contract/warehouse.ts';
import { AddToCartButton } from '../cart/add-to-cart-button.tsx';
import { FavoriteButton } from './favorite-button.tsx';
import { PriceTiers } from './price-tiers.tsx';
import { QuantityInput, useQuantity } from './quantity-input.tsx';
import { groupDigits } from './stock-label.tsx';

/**
 * The buying side of the product page: the price ladder with the tier of the chosen quantity
 * highlighted, stock and the dispatch promise (each warehouse holding the part, with its cut-off), quantity (pack multiples only), total and the
 * "buy N more, pay less" hint, add to cart and favorite.
 */
export function PurchaseBox({
  product,
  isFavorite,
  warehouses = [],
}: {
  product: ProductSummary;
  isFavorite: boolean;
  warehouses?: readonly WarehouseStock[];
}) {
  const quantity = useQuantity(product.packSize, initialQuantityOf(product));
  const isValid = quantity.problem === '' && Number.isFinite(quantity.quantity);
  const saving = isValid ? nextTierSaving(product.priceTiers, quantity.quantity, product.packSize) : null;
  return (
    <aside className="purchase-box" aria-label="购买">
      <h2 className="purchase-box__title">价格阶梯</h2>
      <PriceTiers tiers={product.priceTiers} quantity={isValid ? quantity.quantity : undefined} packSize={product.packSize} />
      <div className="purchase-box__stock">
        {product.stock > 0 ? (
          <>
            <span>
              现货库存：<strong data-testid="stock">{groupDigits(product.stock)}</strong> 个
            </span>
            <span className="dispatch-badge">现货 · 2小时内发货</span>
            {warehouses.length > 0 && (
              <span className="purchase-box__warehouses" data-testid="warehouse-stock">
                {warehouseStockText(warehouses)}
              </span>
            )}
            {warehousesHoldingStock(warehouses).map((warehouse) => (
              <span key={warehouse.code} className="purchase-box__warehouses" data-testid="warehouse-dispatch">
                {dispatchNoteOf(warehouse)}
              </span>
            ))}
          </>
        ) : (
          <span className="purchase-box__no-stock">暂无现货，可加入购物车预订</span>
        )}
      </div>
      <div className="purchase-box__quantity">
        <span className="purchase-box__label">购买数量</span>
        <QuantityInput state={quantity} packSize={product.packSize} />
      </div>
      <div className="purchase-box__total">
        合计：
        <strong className="price price--large" data-testid="line-total">
          {isValid ? formatCents(lineAmountCents(product.priceTiers, quantity.quantity)) : '—'}
        </strong>
      </div>
      {saving && (
        <p className="purchase-box__saving" data-testid="tier-saving">
          再买 {saving.moreQuantity} 个，总价可省 {formatCents(saving.savingCents)}
          <button type="button" className="link-button purchase-box__saving-apply" onClick={() => quantity.setText(String(saving.targetQuantity))}>
            改为 {saving.targetQuantity} 个
          </button>
        </p>
      )}
      <div className="purchase-box__actions">
        <AddToCartButton
          productId={product.productId}
          quantity={quantity.quantity}
          packSize={product.packSize}
          className="button button--accent button--large"
        />
        <FavoriteButton productId={product.productId} initialIsFavorite={isFavorite} />
      </div>
    </aside>
  );
}
