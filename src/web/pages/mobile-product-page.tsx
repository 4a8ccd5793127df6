import { loginPath } from '../../contract/account.ts';
import { lifecycleLabels } from '../../contract/catalog.ts';
import { imageUrl } from '../../contract/content.ts';
import type { MobileProductData } from '../../contract/mobile.ts';
import { formatUnitPriceE4 } from '../../contract/money.ts';
import { unitPriceE4At } from '../../contract/pricing.ts';
import { AddToCartButton } from '../features/cart/add-to-cart-button.tsx';
import { MobileFrame } from '../features/mobile/mobile-frame.tsx';
import { PriceTiers } from '../features/catalog/price-tiers.tsx';
import { QuantityInput, useQuantity } from '../features/catalog/quantity-input.tsx';
import { StockLabel } from '../features/catalog/stock-label.tsx';
import type { PageProps } from './page-props.ts';

/** The mobile product page: code, brand, package, description, price tiers, stock and add-to-cart. */
export function MobileProductPage({ shell, data }: PageProps<MobileProductData>) {
  const { product } = data;
  const quantity = useQuantity(product.packSize, product.packSize);
  const unitPrice = unitPriceE4At(product.priceTiers, Number.isFinite(quantity.quantity) ? quantity.quantity : product.packSize);
  return (
    <MobileFrame shell={shell} title="商品详情" backHref={data.basePath}>
      <section className="m-product" data-testid="m-product-detail">
        <div className="m-product__picture">
          {product.imagePath ? (
            <img src={imageUrl(shell.qiniuImgAddress, product.imagePath)} alt={product.code} width={180} height={180} />
          ) : (
            <span className="m-products__no-picture">暂无图片</span>
          )}
        </div>
        <h1 className="m-product__code" data-testid="m-product-code">
          {product.code}
          {product.isSpecialOffer && <span className="m-products__label">特价</span>}
        </h1>
        <p className="m-product__description">{product.description}</p>
        <p className="m-product__price">
          {unitPrice === null ? '暂无报价' : formatUnitPriceE4(unitPrice)}
          <small>/个</small>
        </p>
        <dl className="m-product__facts">
          <dt>品牌</dt>
          <dd data-testid="m-product-brand">{product.brandName}</dd>
          <dt>封装</dt>
          <dd data-testid="m-product-package">{product.package}</dd>
          <dt>库存</dt>
          <dd data-testid="m-product-stock">
            <StockLabel stock={product.stock} />
            {product.stock > 0 && <span className="m-product__promise">现货2小时发货</span>}
          </dd>
          <dt>最小包装</dt>
          <dd>{product.packSize} 个（购买数量须为其整数倍）</dd>
          <dt>生命周期</dt>
          <dd>{lifecycleLabels[product.lifecycle]}</dd>
        </dl>
        <h2 className="m-product__subtitle">阶梯价格</h2>
        <div data-testid="m-price-tiers">
          <PriceTiers tiers={product.priceTiers} quantity={Number.isFinite(quantity.quantity) ? quantity.quantity : undefined} />
        </div>
      </section>
      <div className="m-buybar">
        <QuantityInput state={quantity} packSize={product.packSize} size="small" />
        {shell.user.isLogin ? (
          <AddToCartButton productId={product.productId} quantity={quantity.quantity} packSize={product.packSize} className="m-buybar__add">
            加入购物车
          </AddToCartButton>
        ) : (
          <a className="m-buybar__add" href={loginPath(shell.currentPath)} data-testid="m-add-to-cart-login">
            加入购物车
          </a>
        )}
      </div>
    </MobileFrame>
  );
}
