import { lifecycleLabels } from '../../contract/catalog.ts';
import { imageUrl } from '../../contract/content.ts';
import { mobileChoosePath, type MobileProductData } from '../../contract/mobile.ts';
import { formatUnitPriceE4 } from '../../contract/money.ts';
import { initialQuantityOf, unitPriceE4At } from '../../contract/pricing.ts';
import { AddToCartButton } from '../features/cart/add-to-cart-button.tsx';
import { MobileCompareEntry } from '../features/compare/mobile-compare-entry.tsx';
import { FavoriteButton } from '../features/catalog/favorite-button.tsx';
import { PriceTiers } from '../features/catalog/price-tiers.tsx';
import { QuantityInput, useQuantity, type QuantityState } from '../features/catalog/quantity-input.tsx';
import { StockLabel } from '../features/catalog/stock-label.tsx';
import { MobilePurchasing } from '../features/mobile/mobile-purchasing.tsx';
import { MobileFrame } from '../features/mobile/mobile-frame.tsx';
import { mobileLoginPath } from '../features/mobile/mobile-part-list.tsx';
import type { PageProps } from './page-props.ts';
/** The bottom bar: quantity stepper, 收藏 and 加入购物车, or links to sign in for a visitor. */
function BuyBar({ data, quantity, loginHref, isLogin }: { data: MobileProductData; quantity: QuantityState; loginHref: string; isLogin: boolean }) {
  const { product } = data;
  return (
    <div className="m-buybar" data-testid="m-buybar">
      <QuantityInput state={quantity} packSize={product.packSize} size="small" />
      {isLogin ? (
        <>
          <FavoriteButton productId={product.productId} initialIsFavorite={data.isFavorite} />
          <AddToCartButton productId={product.productId} quantity={quantity.quantity} packSize={product.packSize} className="m-buybar__add">
            加入购物车
          </AddToCartButton>
        </>
      ) : (
        <>
          <a className="favorite-button" href={loginHref} data-testid="m-favorite-login">
            <span aria-hidden="true">☆</span> 收藏
          </a>
          <a className="m-buybar__add" href={loginHref} data-testid="m-add-to-cart-login">
            加入购物车
          </a>
        </>
      )}
    </div>
  );
}

function ProductFacts({ data }: { data: MobileProductData }) {
  const { product, basePath } = data;
  return (
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
      <dt>起订</dt>
      <dd data-testid="m-product-pack">
        {initialQuantityOf(product)} 个起订{product.packSize > 1 && `，按 ${product.packSize} 个的整数倍购买`}
      </dd>
      <dt>分类</dt>
      <dd>
        <a href={mobileChoosePath(basePath, data.categoryFirst.categoryId, data.categorySecond.categoryId)}>{data.categorySecond.categoryName}</a>
      </dd>
      <dt>生命周期</dt>
      <dd>{lifecycleLabels[product.lifecycle]}</dd>
      {data.isRohs && (
        <>
          <dt>环保</dt>
          <dd>RoHS</dd>
        </>
      )}
      {data.datasheetUrl && (
        <>
          <dt>规格书</dt>
          <dd>
            <a href={data.datasheetUrl} target="_blank" rel="noopener noreferrer">
              查看 PDF
            </a>
          </dd>
        </>
      )}
    </dl>
  );
}

/** The mobile product page: picture, code, price, facts, tiers, parameters; a buy bar with the quantity stepper, 收藏 and 加入购物车. */
export function MobileProductPage({ shell, data }: PageProps<MobileProductData>) {
  const { product, basePath } = data;
  const quantity = useQuantity(product.packSize, initialQuantityOf(product));
  const shownQuantity = Number.isFinite(quantity.quantity) ? quantity.quantity : undefined;
  const unitPrice = unitPriceE4At(product.priceTiers, shownQuantity ?? product.packSize);
  const loginHref = mobileLoginPath(basePath, shell.currentPath);
  const buyBar = <BuyBar data={data} quantity={quantity} loginHref={loginHref} isLogin={shell.user.isLogin} />;
  return (
    <MobileFrame
      shell={shell}
      title="商品详情"
      backHref={mobileChoosePath(basePath, data.categoryFirst.categoryId, data.categorySecond.categoryId)}
      basePath={basePath}
      bottomBar={buyBar}
    >
      <section className="m-product" data-testid="m-product-detail">
        <div className="m-product__picture">
          {product.imagePath ? (
            <img src={imageUrl(shell.qiniuImgAddress, product.imagePath)} alt={`${product.code}实物图`} width={180} height={180} fetchPriority="high" />
          ) : (
            <span className="m-product__no-picture">暂无图片</span>
          )}
        </div>
        <h2 className="m-product__code" data-testid="m-product-code">
          {product.code}
          {product.isSpecialOffer && <span className="m-products__label">特价</span>}
        </h2>
        <p className="m-product__description">{product.description}</p>
        <p className="m-product__price" data-testid="m-product-price">
          {unitPrice === null ? '暂无报价' : formatUnitPriceE4(unitPrice)}
          <small>/个</small>
        </p>
        <MobileCompareEntry productId={product.productId} code={product.code} basePath={basePath} />
        <ProductFacts data={data} />
        <h2 className="m-product__subtitle">阶梯价格</h2>
        <div data-testid="m-price-tiers">
          <PriceTiers tiers={product.priceTiers} quantity={shownQuantity} />
        </div>
        {data.params.length > 0 && (
          <>
            <h2 className="m-product__subtitle">商品参数</h2>
            <dl className="m-product__params" data-testid="m-product-params">
              {data.params.map((param) => (
                <div key={param.attributeId}>
                  <dt>{param.name}</dt>
                  <dd>{param.valueText}</dd>
                </div>
              ))}
            </dl>
          </>
        )}
        <MobilePurchasing purchasing={data.purchasing} isRohs={data.isRohs} />
      </section>
    </MobileFrame>
  );
}
