import { discountSubjectKeys, discountSubjects, type DiscountSubject, type FacetedProductPage } from '../../contract/catalog.ts';
import { columnListHref, type ColumnListState } from '../../contract/list-state.ts';
import { FacetedProductList } from '../features/catalog/faceted-product-list.tsx';
import { PageShell } from '../shell/page-shell.tsx';
import { Breadcrumb } from '../ui/breadcrumb.tsx';
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
          {discountSubjectKeys.map((key) => (
            <a
              key={key}
              className={key === subject ? 'zone-banner__tab zone-banner__tab--active' : 'zone-banner__tab'}
              href={`${path}?subject=${key}`}
              aria-current={key === subject ? 'page' : undefined}
            >
              {discountSubjects[key].title}
            </a>
          ))}
        </nav>
      </section>
      <FacetedProductList
        products={products}
        state={state}
        hrefFor={(change) => columnListHref(path, state, change, fixed)}
        qiniuImgAddress={shell.qiniuImgAddress}
        emptyText="专区暂无符合条件的商品"
      />
    </PageShell>
  );
}
