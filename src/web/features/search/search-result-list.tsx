import { brandPath, choosePath, productDetailPath } from '../../../contract/catalog.ts';
import { formatUnitPriceE4 } from '../../../contract/money.ts';
import { unitPriceE4At } from '../../../contract/pricing.ts';
import type { SearchProduct } from '../../../contract/search.ts';
import { BuyCell, useRowQuantity } from '../catalog/buy-cell.tsx';
import { CompareToggle } from '../compare/compare-toggle.tsx';
import { PriceTiers } from '../catalog/price-tiers.tsx';
import { ProductImage } from '../catalog/product-image.tsx';
import { StockLabel } from '../catalog/stock-label.tsx';
import { highlightCode, highlightText } from './highlight.ts';
import { HighlightedText } from './highlighted-text.tsx';

interface ResultProps {
  product: SearchProduct;
  terms: string[];
  qiniuImgAddress: string;
}

/** One part: picture, code and maker, description, stock, the unit price for one piece, the tiers, and buying. */
function SearchResultRow({ product, terms, qiniuImgAddress }: ResultProps) {
  const quantity = useRowQuantity(product);
  const href = productDetailPath(product.productId);
  const unitPrice = unitPriceE4At(product.priceTiers, 1);
  return (
    <li className="search-result" data-product-id={product.productId}>
      <a className="search-result__image" href={href} tabIndex={-1}>
        <ProductImage imagePath={product.imagePath} qiniuImgAddress={qiniuImgAddress} alt={product.code} size={88} />
      </a>
      <div className="search-result__main">
        <div className="search-result__title">
          <a className="search-result__code" href={href}>
            <HighlightedText segments={highlightCode(product.code, terms)} />
          </a>
          {product.isSpecialOffer && <span className="search-result__tag">特价</span>}
        </div>
        <dl className="search-result__facts">
          <div>
            <dt>品牌：</dt>
            <dd>
              <a href={brandPath(product.brandId)}>
                <HighlightedText segments={highlightText(product.brandName, terms)} />
              </a>
            </dd>
          </div>
          <div>
            <dt>封装：</dt>
            <dd>{product.package}</dd>
          </div>
          <div>
            <dt>分类：</dt>
            <dd>
              <a href={choosePath(product.categoryFirstId, product.categoryId)}>
                <HighlightedText segments={highlightText(product.categoryName, terms)} />
              </a>
            </dd>
          </div>
        </dl>
        <p className="search-result__description" title={product.description}>
          <HighlightedText segments={highlightText(product.description, terms)} />
        </p>
        <CompareToggle productId={product.productId} code={product.code} />
      </div>
      <div className="search-result__stock">
        <StockLabel stock={product.stock} />
        {product.stock > 0 && <div className="search-result__dispatch">2小时发货</div>}
        {product.packSize > 1 && <div className="search-result__pack">{product.packSize}个/包</div>}
      </div>
      <div className="search-result__prices">
        <div className="search-result__unit">
          {unitPrice === null ? (
            <span className="search-result__no-price">暂无报价</span>
          ) : (
            <>
              <span className="search-result__unit-label">单价</span>
              <span className="search-result__unit-price">{formatUnitPriceE4(unitPrice)}</span>
            </>
          )}
        </div>
        <PriceTiers tiers={product.priceTiers.slice(0, 5)} quantity={Number.isFinite(quantity.quantity) ? quantity.quantity : undefined} compact />
      </div>
      <BuyCell as="div" className="search-result__buy" productId={product.productId} packSize={product.packSize} quantity={quantity} />
    </li>
  );
}

export function SearchResultList({ products, terms, qiniuImgAddress }: { products: SearchProduct[]; terms: string[]; qiniuImgAddress: string }) {
  return (
    <section className="search-results" aria-label="搜索结果">
      <div className="search-results__head" aria-hidden="true">
        <span className="search-results__head-image">图片</span>
        <span className="search-results__head-main">型号 / 品牌 / 描述</span>
        <span className="search-results__head-stock">库存</span>
        <span className="search-results__head-prices">价格（含税）</span>
        <span className="search-results__head-buy">购买</span>
      </div>
      <ol className="search-results__list">
        {products.map((product) => (
          <SearchResultRow key={product.productId} product={product} terms={terms} qiniuImgAddress={qiniuImgAddress} />
        ))}
      </ol>
    </section>
  );
}
