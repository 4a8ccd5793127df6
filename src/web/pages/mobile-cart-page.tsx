import { mobileBuyPaths, type MobileCartData } from '../../contract/mobile-buy.ts';
import { formatCents } from '../../contract/pricing.ts';
import { useCart } from '../features/cart/use-cart.ts';
import { MobileCartLine } from '../features/mobile/buy/mobile-cart-line.tsx';
import { MobileSaveListSheet } from '../features/mobile/buy/mobile-save-list-sheet.tsx';
import { MobileFrame } from '../features/mobile/mobile-frame.tsx';
import { QuickOrderBox } from '../features/quick-order/quick-order-box.tsx';
import type { PageProps } from './page-props.ts';

/** /m/cart (members): the desktop cart's lines, selection and totals as cards, 存为常购清单 under them, with a settle bar at the bottom. */
export function MobileCartPage({ shell, data }: PageProps<MobileCartData>) {
  const { cart, isBusy, select, setQuantity, setCustomerPartNo, remove, onSettleClick } = useCart(data.cart);
  const paths = mobileBuyPaths(data.basePath);
  const isAllSelected = cart.lineCount > 0 && cart.selectedCount === cart.lineCount;
  const selectedIds = cart.lines.filter((line) => line.isSelected).map((line) => line.product.productId);
  const bottomBar =
    cart.lineCount === 0 ? undefined : (
      <div className="mb-bar">
        <label className="mb-bar__all">
          <input className="mb-check" type="checkbox" checked={isAllSelected} onChange={(event) => select(undefined, event.target.checked)} disabled={isBusy} />
          全选
        </label>
        <button type="button" className="mb-link" disabled={isBusy || selectedIds.length === 0} onClick={() => remove(selectedIds)}>
          删除
        </button>
        <span className="mb-bar__sum">
          合计{' '}
          <strong className="mb-price" data-testid="selected-total">
            {formatCents(cart.selectedTotalCents)}
          </strong>
        </span>
        {cart.selectedCount > 0 ? (
          <a className="mb-button mb-button--accent" href={paths.settlement} data-testid="m-settle" onClick={(event) => onSettleClick(event, paths.settlement)}>
            去结算({cart.selectedCount})
          </a>
        ) : (
          <span className="mb-button mb-button--disabled" aria-disabled="true">
            去结算
          </span>
        )}
      </div>
    );

  return (
    <MobileFrame shell={shell} basePath={data.basePath} title={`购物车（${String(cart.lineCount)}）`} backHref={paths.home} bottomBar={bottomBar}>
      {cart.lineCount === 0 ? (
        <section className="mb-empty">
          <p>购物车还是空的，去挑选需要的元器件吧</p>
          <a className="mb-button mb-button--primary" href={`${data.basePath}/catalogue`}>
            浏览分类
          </a>
        </section>
      ) : (
        <>
          <ul className="mb-cart" aria-label="购物车商品">
            {cart.lines.map((line) => (
              <MobileCartLine
                key={line.product.productId}
                line={line}
                qiniuImgAddress={shell.qiniuImgAddress}
                basePath={data.basePath}
                isBusy={isBusy}
                onSelect={(isSelected) => select([line.product.productId], isSelected)}
                onQuantity={(quantity) => setQuantity(line.product.productId, quantity)}
                onCustomerPartNo={(customerPartNo) => setCustomerPartNo(line.product.productId, customerPartNo)}
                onRemove={() => remove([line.product.productId])}
              />
            ))}
          </ul>
          <MobileSaveListSheet selectedCount={cart.selectedCount} basePath={data.basePath} isDisabled={isBusy} />
        </>
      )}
      <QuickOrderBox variant="mobile" />
    </MobileFrame>
  );
}
