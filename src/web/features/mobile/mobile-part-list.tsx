import { loginPath } from '../../../contract/account.ts';
import { imageUrl } from '../../../contract/content.ts';
import { mobileProductPath, type MobileListPart } from '../../../contract/mobile.ts';
import { formatUnitPriceE4 } from '../../../contract/money.ts';
import { initialQuantityOf, unitPriceE4At } from '../../../contract/pricing.ts';
import type { ShellState } from '../../../contract/shell.ts';
import { AddToCartButton } from '../cart/add-to-cart-button.tsx';
import { StockLabel } from '../catalog/stock-label.tsx';

/** Rows above this index load their pictures at once; the rest when scrolled near (below the fold at 375 × 667). */
const eagerPictures = 3;

/** The mobile login page, coming back to `returnPath`. */
export function mobileLoginPath(basePath: string, returnPath: string): string {
  return `${basePath}${loginPath(returnPath)}`;
}

/**
 * A part list of the mobile site (search results, parametric lists): part number, brand,
 * package, the unit price of one piece, stock and 加入购物车 (a visitor goes to login and back).
 */
export function MobilePartList({ parts, shell, basePath }: { parts: readonly MobileListPart[]; shell: ShellState; basePath: string }) {
  return (
    <ul className="m-parts" data-testid="m-parts">
      {parts.map((part, index) => {
        const price = unitPriceE4At(part.priceTiers, 1);
        return (
          <li key={part.productId} className="m-parts__row" data-testid="m-part">
            <a className="m-parts__link" href={mobileProductPath(basePath, part.productId)}>
              {part.imagePath ? (
                <img
                  className="m-parts__picture"
                  src={imageUrl(shell.qiniuImgAddress, part.imagePath)}
                  alt=""
                  width={64}
                  height={64}
                  loading={index < eagerPictures ? undefined : 'lazy'}
                  fetchPriority={index === 0 ? 'high' : undefined}
                />
              ) : (
                <span className="m-parts__picture m-parts__picture--none" aria-hidden="true">
                  IC
                </span>
              )}
              <span className="m-parts__info">
                <strong className="m-parts__code" data-testid="m-part-code">
                  {part.code}
                </strong>
                <span className="m-parts__meta">
                  {part.brandName} · {part.package}
                </span>
                <span className="m-parts__stock">
                  <StockLabel stock={part.stock} />
                </span>
              </span>
            </a>
            <div className="m-parts__buy">
              <span className="m-parts__price">{price === null ? '暂无报价' : formatUnitPriceE4(price)}</span>
              {shell.user.isLogin ? (
                <AddToCartButton productId={part.productId} quantity={initialQuantityOf(part)} packSize={part.packSize} className="m-parts__add">
                  加入购物车
                </AddToCartButton>
              ) : (
                <a className="m-parts__add" href={mobileLoginPath(basePath, shell.currentPath)}>
                  加入购物车
                </a>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
