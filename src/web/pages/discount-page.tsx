import { discountSubjects, type DiscountSubject, type FacetedProductPage } from '../../contract/catalog.ts';
import { Breadcrumb } from '../ui/breadcrumb.tsx';
import { columnListHref, type ColumnListState } from '../../contract/list-state.ts';
import { ListFacets } from '../features/catalog/list-facets.tsx';
import { ListToolbar } from '../features/catalog/list-toolbar.tsx';
import { Pagination } from '../features/catalog/pagination.tsx';
import { ProductListTable } from '../features/product/product-list-table.tsx';
import { PageShell } from '../shell/page-shell.tsx';
import type { PageProps } from './page-props.ts';

export interface DiscountPageData {
  subject: DiscountSubject;
  products: FacetedProductPage;
  state: ColumnListState;
}

const path = '/product/discount';

/** /product/discount?subject=A01 (special offers) or A03 (IC zone). */
export function DiscountPage({ shell, data }: PageProps<DiscountPageData>) {
  const { subject, products, state } = data;
  const zone = discountSubjects[subject];
  const fixed = { subject };
  return (
    <PageShell shell={shell}>
      <Breadcrumb items={[{ label: zone.title }]} />
      <section className={`zone-banner zone-banner--${subject.toLowerCase()}`}>
        <h1 className="zone-banner__title">{zone.title}</h1>
        <p className="zone-banner__lead">{zone.description}</p>
        <nav className="zone-banner__tabs" aria-label="专区">
          {(Object.keys(discountSubjects) as DiscountSubject[]).map((key) => (
            <a key={key} className={key === subject ? 'zone-banner__tab zone-banner__tab--active' : 'zone-banner__tab'} href={`${path}?subject=${key}`} aria-current={key === subject ? 'page' : undefined}>
              {discountSubjects[key].title}
            </a>
          ))}
        </nav>
      </section>
      <ListFacets
        categories={products.categories}
        packages={products.packages}
        categoryId={state.category}
        packageName={state.package}
        hrefFor={(change) => columnListHref(path, state, change, fixed)}
      />
      <div className="list-card">
        <ListToolbar sort={state.sort} isStockOnly={state.stock === 1} total={products.total} hrefFor={(change) => columnListHref(path, state, change, fixed)} />
        <ProductListTable products={products.list} qiniuImgAddress={shell.qiniuImgAddress} emptyText="专区暂无符合条件的商品" />
        <Pagination page={products.page} total={products.total} pageSize={products.pageSize} hrefFor={(page) => columnListHref(path, state, { page }, fixed)} />
      </div>
    </PageShell>
  );
}
