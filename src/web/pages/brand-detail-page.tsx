import { brandPath, type BrandProfile, type FacetedProductPage } from '../../contract/catalog.ts';
import { columnListHref, type ColumnListState } from '../../contract/list-state.ts';
import { BrandLogo } from '../features/brand/brand-logo.tsx';
import { FacetedProductList } from '../features/catalog/faceted-product-list.tsx';
import { PageShell } from '../shell/page-shell.tsx';
import { Breadcrumb } from '../ui/breadcrumb.tsx';
import type { PageProps } from './page-props.ts';

export interface BrandDetailPageData {
  brand: BrandProfile;
  products: FacetedProductPage;
  state: ColumnListState;
}

/** /brand/{brandId}: the maker's introduction and its parts (category, package, in stock; sort; pages). */
export function BrandDetailPage({ shell, data }: PageProps<BrandDetailPageData>) {
  const { brand, products, state } = data;
  const path = brandPath(brand.brandId);
  const displayName = brand.nameCn ? `${brand.nameEn}（${brand.nameCn}）` : brand.nameEn;
  return (
    <PageShell shell={shell}>
      <Breadcrumb items={[{ label: '品牌专区', href: '/brand' }, { label: displayName }]} />
      <section className="brand-profile">
        <BrandLogo logoPath={brand.logoPath} name={brand.nameEn} qiniuImgAddress={shell.qiniuImgAddress} width={200} height={80} isPriority />
        <div className="brand-profile__text">
          <h1 className="brand-profile__name">{displayName}</h1>
          {brand.country && <p className="brand-profile__country">所属地区：{brand.country}</p>}
          <p className="brand-profile__intro">{brand.intro || '暂无品牌介绍'}</p>
          {brand.website && (
            <p className="brand-profile__website">
              官网：
              <a href={brand.website} target="_blank" rel="noopener noreferrer nofollow">
                {brand.website}
              </a>
            </p>
          )}
        </div>
      </section>
      <FacetedProductList
        products={products}
        state={state}
        hrefFor={(change) => columnListHref(path, state, change)}
        qiniuImgAddress={shell.qiniuImgAddress}
        emptyText="该品牌暂无符合条件的商品"
      />
    </PageShell>
  );
}
