import { brandPath, choosePath, lifecycleLabels, type ProductDetail } from '../../../contract/catalog.ts';

/** The product page's facts beside the picture: maker, package, category, lifecycle, RoHS, pack and datasheet. */
export function ProductFacts({ detail }: { detail: ProductDetail }) {
  const { product } = detail;
  return (
    <dl className="product-facts">
      <div>
        <dt>品牌</dt>
        <dd>
          <a className="product-facts__brand" href={brandPath(product.brandId)}>
            {product.brandName}
          </a>
        </dd>
      </div>
      <div>
        <dt>封装</dt>
        <dd>{product.package}</dd>
      </div>
      <div>
        <dt>商品分类</dt>
        <dd>
          <a href={choosePath(detail.categoryFirst.categoryId, detail.categorySecond.categoryId)}>{detail.categorySecond.categoryName}</a>
        </dd>
      </div>
      <div>
        <dt>生命周期</dt>
        <dd className={product.lifecycle === 'active' ? '' : 'product-facts__warning'}>{lifecycleLabels[product.lifecycle]}</dd>
      </div>
      <div>
        <dt>RoHS</dt>
        <dd>{detail.isRohs ? '符合' : '不符合'}</dd>
      </div>
      <div>
        <dt>最小包装</dt>
        <dd>{product.packSize} 个（按整包购买）</dd>
      </div>
      <div>
        <dt>数据手册</dt>
        <dd>
          {detail.datasheetUrl ? (
            <a className="product-facts__datasheet" href={detail.datasheetUrl} target="_blank" rel="noopener noreferrer nofollow">
              下载PDF规格书
            </a>
          ) : (
            '暂无'
          )}
        </dd>
      </div>
    </dl>
  );
}
