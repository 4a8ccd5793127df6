import { brandPath, productDetailPath, type ProductSummary } from '../../../contract/catalog.ts';
import { CompareToggle } from '../compare/compare-toggle.tsx';
import { BuyCell, useRowQuantity } from './buy-cell.tsx';
import { PriceTiers } from './price-tiers.tsx';
import { ProductImage } from './product-image.tsx';
import { StockLabel } from './stock-label.tsx';

export interface ParamColumn {
  key: string;
  name: string;
}

interface ProductListTableProps<T extends ProductSummary> {
  products: T[];
  qiniuImgAddress: string;
  /** The parametric list's values per part (attribute id → value), shown under 主要参数. */
  params?: (product: T) => Record<string, string>;
  paramColumns?: ParamColumn[];
  emptyText?: string;
}

/** Parts as rows: picture, code and maker, parameters, stock, price ladder, quantity and add to cart. */
export function ProductListTable<T extends ProductSummary>({
  products,
  qiniuImgAddress,
  params,
  paramColumns = [],
  emptyText = '没有找到符合条件的商品',
}: ProductListTableProps<T>) {
  if (products.length === 0) return <p className="product-table__empty">{emptyText}</p>;
  return (
    <table className="product-table">
      <thead>
        <tr>
          <th scope="col" className="product-table__image-col">
            图片
          </th>
          <th scope="col">型号 / 品牌 / 封装</th>
          {params && <th scope="col">主要参数</th>}
          <th scope="col">库存</th>
          <th scope="col">价格（含税）</th>
          <th scope="col" className="product-table__buy-col">
            购买
          </th>
        </tr>
      </thead>
      <tbody>
        {products.map((product) => (
          <ProductRow key={product.productId} product={product} qiniuImgAddress={qiniuImgAddress} values={params?.(product)} paramColumns={paramColumns} />
        ))}
      </tbody>
    </table>
  );
}

function ProductRow({
  product,
  qiniuImgAddress,
  values,
  paramColumns,
}: {
  product: ProductSummary;
  qiniuImgAddress: string;
  values?: Record<string, string>;
  paramColumns: ParamColumn[];
}) {
  const quantity = useRowQuantity(product);
  const href = productDetailPath(product.productId);
  return (
    <tr className="product-table__row" data-product-id={product.productId}>
      <td>
        <a href={href} tabIndex={-1}>
          <ProductImage imagePath={product.imagePath} qiniuImgAddress={qiniuImgAddress} alt={product.code} />
        </a>
      </td>
      <td className="product-table__main">
        <a className="product-table__code" href={href}>
          {product.code}
        </a>
        {product.isSpecialOffer && <span className="tag tag--offer">特价</span>}
        <div className="product-table__meta">
          品牌：<a href={brandPath(product.brandId)}>{product.brandName}</a>
        </div>
        <div className="product-table__meta">封装：{product.package}</div>
        <p className="product-table__description" title={product.description}>
          {product.description}
        </p>
        <CompareToggle productId={product.productId} code={product.code} />
      </td>
      {values && (
        <td className="product-table__params">
          <dl>
            {paramColumns
              .filter((column) => values[column.key])
              .map((column) => (
                <div key={column.key} className="product-table__param">
                  <dt>{column.name}：</dt>
                  <dd>{values[column.key]}</dd>
                </div>
              ))}
          </dl>
        </td>
      )}
      <td className="product-table__stock">
        <StockLabel stock={product.stock} />
        {product.packSize > 1 && <div className="product-table__pack">{product.packSize}个/包</div>}
      </td>
      <td className="product-table__prices">
        <PriceTiers
          tiers={product.priceTiers.slice(0, 4)}
          quantity={Number.isFinite(quantity.quantity) ? quantity.quantity : undefined}
          packSize={product.packSize}
          compact
        />
      </td>
      <BuyCell as="td" className="product-table__buy" productId={product.productId} packSize={product.packSize} quantity={quantity} />
    </tr>
  );
}
