import { initialQuantityOf, type PriceTier } from '../../../contract/pricing.ts';
import { AddToCartButton } from '../cart/add-to-cart-button.tsx';
import { QuantityInput, useQuantity, type QuantityState } from './quantity-input.tsx';

/** A list row's quantity, starting at the part's first tier (its price ladder highlights it too). */
export function useRowQuantity(product: { packSize: number; priceTiers: readonly PriceTier[] }): QuantityState {
  return useQuantity(product.packSize, initialQuantityOf(product));
}

interface BuyCellProps {
  productId: number;
  packSize: number;
  quantity: QuantityState;
  /** A table cell in the part tables, a block in the search results. */
  as: 'td' | 'div';
  className: string;
}

/** The buying end of a list row: the quantity (pack multiples only) and add to cart. */
export function BuyCell({ productId, packSize, quantity, as: Cell, className }: BuyCellProps) {
  return (
    <Cell className={className}>
      <QuantityInput state={quantity} packSize={packSize} size="small" />
      <AddToCartButton productId={productId} quantity={quantity.quantity} packSize={packSize} className="button button--accent button--small" />
    </Cell>
  );
}
