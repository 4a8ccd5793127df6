import type { CartSummary } from '../../contract/cart.ts';
import { formatCents } from '../../contract/pricing.ts';
import { Breadcrumb } from '../ui/breadcrumb.tsx';
import { CartLineRow } from '../features/cart/cart-line-row.tsx';
import { useCart } from '../features/cart/use-cart.ts';
import { CartTools } from '../features/quick-order/cart-tools.tsx';
import { PageShell } from '../shell/page-shell.tsx';
import type { PageProps } from './page-props.ts';

export interface CartPageData {
  cart: CartSummary;
}

function CartEmpty() {
  return (
    <div className="cart__empty">
      <p>购物车还是空的，去挑选需要的元器件吧</p>
      <p>
        <a className="button button--primary" href="/catalogue">
          浏览分类
        </a>{' '}
        <a className="button" href="/product/discount?subject=A01">
          看看特价
        </a>
      </p>
    </div>
  );
}

type Cart = ReturnType<typeof useCart>;

/** The bar under the table: select all, remove the selected lines, their total and the way to settlement. */
function CartBar({ cart: { cart, isBusy, select, remove, onSettleClick } }: { cart: Cart }) {
  const isAllSelected = cart.lineCount > 0 && cart.selectedCount === cart.lineCount;
  const selectedIds = cart.lines.filter((line) => line.isSelected).map((line) => line.product.productId);
  const canSettle = cart.selectedCount > 0;
  return (
    <div className="cart-bar">
      <label className="cart-bar__all">
        <input type="checkbox" checked={isAllSelected} onChange={(event) => select(undefined, event.target.checked)} disabled={isBusy} />
        全选
      </label>
      <button type="button" className="link-button cart-bar__remove" disabled={isBusy || selectedIds.length === 0} onClick={() => remove(selectedIds)}>
        删除选中商品
      </button>
      <span className="cart-bar__summary">
        已选 <strong data-testid="selected-count">{cart.selectedCount}</strong> 种商品，合计：
        <strong className="price price--large" data-testid="selected-total">
          {formatCents(cart.selectedTotalCents)}
        </strong>
      </span>
      {canSettle ? (
        <a
          className="button button--accent button--large cart-bar__settle"
          href="/offer/settlement"
          onClick={(event) => onSettleClick(event, '/offer/settlement')}
        >
          去结算
        </a>
      ) : (
        <span className="button button--large cart-bar__settle cart-bar__settle--disabled" aria-disabled="true">
          去结算
        </span>
      )}
    </div>
  );
}

/** /cart (members only): lines priced by the tier of their quantity, each with its 客户料号, selection, totals of the selected lines. */
export function CartPage({ shell, data }: PageProps<CartPageData>) {
  const state = useCart(data.cart);
  const { cart, isBusy, select, setQuantity, setCustomerPartNo, remove } = state;
  const isAllSelected = cart.lineCount > 0 && cart.selectedCount === cart.lineCount;

  return (
    <PageShell shell={shell}>
      <Breadcrumb items={[{ label: '我的购物车' }]} />
      <section className="cart">
        <h1 className="cart__title">
          我的购物车<span className="cart__count">（共 {cart.lineCount} 种商品）</span>
        </h1>
        {cart.lineCount === 0 ? (
          <CartEmpty />
        ) : (
          <>
            <table className="cart-table">
              <thead>
                <tr>
                  <th scope="col" className="cart-line__check">
                    <input
                      type="checkbox"
                      checked={isAllSelected}
                      onChange={(event) => select(undefined, event.target.checked)}
                      aria-label="全选"
                      disabled={isBusy}
                    />
                  </th>
                  <th scope="col">商品信息</th>
                  <th scope="col">单价</th>
                  <th scope="col">数量</th>
                  <th scope="col">小计</th>
                  <th scope="col">操作</th>
                </tr>
              </thead>
              <tbody>
                {cart.lines.map((line) => (
                  <CartLineRow
                    key={line.product.productId}
                    line={line}
                    qiniuImgAddress={shell.qiniuImgAddress}
                    isBusy={isBusy}
                    onSelect={(isSelected) => select([line.product.productId], isSelected)}
                    onQuantity={(quantity) => setQuantity(line.product.productId, quantity)}
                    onCustomerPartNo={(customerPartNo) => setCustomerPartNo(line.product.productId, customerPartNo)}
                    onRemove={() => remove([line.product.productId])}
                  />
                ))}
              </tbody>
            </table>
            <CartBar cart={state} />
          </>
        )}
        <CartTools cart={cart} />
      </section>
    </PageShell>
  );
}
