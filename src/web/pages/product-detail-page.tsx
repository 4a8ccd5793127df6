import { choosePath, type ProductDetail } from '../../contract/catalog.ts';
import { crossReferencePath } from '../../contract/cross-reference.ts';
import { Breadcrumb } from '../ui/breadcrumb.tsx';
import { ParamTable } from '../features/catalog/param-table.tsx';
import { CompareBar } from '../features/compare/compare-bar.tsx';
import { CompareToggle } from '../features/compare/compare-toggle.tsx';
import { ProductFacts } from '../features/catalog/product-facts.tsx';
import { ProductImage } from '../features/catalog/product-image.tsx';
import { ProductListTable } from '../features/catalog/product-list-table.tsx';
import { PurchaseBox } from '../features/catalog/purchase-box.tsx';
import { PurchasingBlock } from '../features/catalog/purchasing-block.tsx';
import { PageShell } from '../shell/page-shell.tsx';
import type { PageProps } from './page-props.ts';

export type ProductDetailPageData = ProductDetail;

/** /product/detail/{productId}: what the part is, what it costs at each quantity, and buying it. */
export function ProductDetailPage({ shell, data }: PageProps<ProductDetailPageData>) {
  const { product } = data;
  return (
    <PageShell shell={shell}>
      <Breadcrumb
        items={[
          { label: '分类目录', href: '/catalogue' },
          { label: data.categoryFirst.categoryName, href: choosePath(data.categoryFirst.categoryId) },
          { label: data.categorySecond.categoryName, href: choosePath(data.categoryFirst.categoryId, data.categorySecond.categoryId) },
          { label: product.code },
        ]}
      />
      <section className="product-hero">
        <div className="product-hero__gallery">
          <ProductImage
            imagePath={product.imagePath}
            qiniuImgAddress={shell.qiniuImgAddress}
            alt={`${product.code} ${product.package}`}
            size={280}
            isPriority
          />
          <p className="product-hero__note">图片仅供参考，请以实物为准</p>
        </div>
        <div className="product-hero__info">
          <h1 className="product-hero__code">
            {product.code}
            {product.isSpecialOffer && <span className="tag tag--offer">特价</span>}
            {data.label && <span className="tag tag--label">{data.label}</span>}
          </h1>
          <p className="product-hero__xref">
            <a href={crossReferencePath(product.code)} data-testid="product-xref">
              查找替代型号
            </a>
            <CompareToggle productId={product.productId} code={product.code} className="compare-toggle product-hero__compare" />
          </p>
          <p className="product-hero__description">{product.description}</p>
          <ProductFacts detail={data} />
          <ul className="product-hero__promises">
            <li>原厂正品</li>
            <li>现货2小时发货</li>
          </ul>
        </div>
        <PurchaseBox product={product} isFavorite={data.isFavorite} warehouses={data.warehouses} />
      </section>

      <div className="detail-pair">
        <section className="detail-card" aria-labelledby="params-title">
          <h2 id="params-title" className="detail-card__title">
            规格参数
          </h2>
          <ParamTable product={product} params={data.params} />
        </section>
        <section className="detail-card" aria-labelledby="purchasing-title" data-testid="purchasing-block">
          <h2 id="purchasing-title" className="detail-card__title">
            采购与合规
          </h2>
          <PurchasingBlock purchasing={data.purchasing} isRohs={data.isRohs} />
        </section>
      </div>

      <section className="detail-card" aria-labelledby="similar-title">
        <h2 id="similar-title" className="detail-card__title">
          相似参数商品
          {data.similarBy.length > 0 && (
            <span className="detail-card__subtitle">同为 {data.similarBy.map((key) => `${key.name} ${key.valueText}`).join('、')}</span>
          )}
        </h2>
        <ProductListTable products={data.similar} qiniuImgAddress={shell.qiniuImgAddress} emptyText="暂无相似参数的商品" />
      </section>
      <CompareBar />
    </PageShell>
  );
}
