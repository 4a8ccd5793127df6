import type { CartSummary } from '../../../contract/cart.ts';
import { SaveAsListButton } from '../purchase-list/save-as-list-button.tsx';
import { QuickOrderBox } from './quick-order-box.tsx';

/** Under the desktop cart: 存为常购清单 (the ticked lines) and 快速下单. */
export function CartTools({ cart }: { cart: CartSummary }) {
  return (
    <div className="cart-tools">
      {cart.lineCount > 0 && (
        <div className="cart-tools__save">
          <SaveAsListButton origin={{ kind: 'cart' }} isDisabled={cart.selectedCount === 0} />
          <span className="cart-tools__hint">
            {cart.selectedCount > 0 ? `将勾选的 ${String(cart.selectedCount)} 种商品保存为常购清单，下次一键采购` : '勾选商品后可保存为常购清单'}
          </span>
        </div>
      )}
      <QuickOrderBox />
    </div>
  );
}
