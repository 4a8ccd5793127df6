import { useRef } from 'react';
import { brandFilterKey, choosePath, isPurchasingFilterKey, type CategoryRef } from '../../contract/catalog.ts';
import { clearFilterKey, setFilterRange, toggleFilterValue } from '../features/catalog/choose-state.ts';
import { FilterPanel } from '../features/catalog/filter-panel.tsx';
import { ListToolbar } from '../features/catalog/list-toolbar.tsx';
import { Pagination } from '../ui/pagination.tsx';
import { ProductListTable } from '../features/catalog/product-list-table.tsx';
import { SelectedFilters } from '../features/catalog/selected-filters.tsx';
import { SubcategoryNav, type SiblingCategory } from '../features/catalog/subcategory-nav.tsx';
import { useChooseList, type ChooseListData } from '../features/catalog/use-choose-list.ts';
import { CompareBar } from '../features/compare/compare-bar.tsx';
import { PageShell } from '../shell/page-shell.tsx';
import { Breadcrumb } from '../ui/breadcrumb.tsx';
import type { PageProps } from './page-props.ts';

export interface ChoosePageData extends ChooseListData {
  categoryFirst: CategoryRef;
  categorySecond: CategoryRef | null;
  /** The second-level categories of the first level, for moving between them. */
  siblings: SiblingCategory[];
}

/** Parametric selection: the list's behaviour is useChooseList; this page lays it out. */
export function ChoosePage({ shell, data }: PageProps<ChoosePageData>) {
  const { categoryFirst, categorySecond } = data;
  const { state, facets, products, isLoading, change, goToPage, hrefFor, pageHref } = useChooseList(
    { categoryFirstId: categoryFirst.categoryId, categorySecondId: categorySecond?.categoryId ?? null },
    data,
  );
  const listTop = useRef<HTMLDivElement>(null);
  const navigate = (page: number) => {
    goToPage(page);
    listTop.current?.scrollIntoView({ block: 'start' });
  };
  const paramColumns = facets.facets
    .filter((facet) => facet.key !== brandFilterKey && !isPurchasingFilterKey(facet.key))
    .map((facet) => ({ key: facet.key, name: facet.name }));
  const title = categorySecond?.categoryName ?? categoryFirst.categoryName;

  return (
    <PageShell shell={shell}>
      <Breadcrumb
        items={[
          { label: '分类目录', href: '/catalogue' },
          { label: categoryFirst.categoryName, href: categorySecond ? choosePath(categoryFirst.categoryId) : undefined },
          ...(categorySecond ? [{ label: categorySecond.categoryName }] : []),
        ]}
      />
      <div className="choose-head">
        <h1 className="choose-head__title">{title}</h1>
        <span className="choose-head__count">
          共 <strong data-testid="choose-total">{products.total}</strong> 个型号
        </span>
      </div>
      <SubcategoryNav
        categoryFirst={categoryFirst}
        categorySecondId={categorySecond?.categoryId ?? null}
        siblings={data.siblings}
        subcategoryCounts={categorySecond ? null : facets.subcategories}
      />
      <FilterPanel
        facets={facets.facets}
        filter={state.filter}
        onToggle={(key, value) => change({ filter: toggleFilterValue(state.filter, key, value) })}
        onRange={(key, range) => change({ filter: setFilterRange(state.filter, key, range) })}
        onClear={(key) => change({ filter: clearFilterKey(state.filter, key) })}
      />
      <SelectedFilters
        facets={facets.facets}
        filter={state.filter}
        onRemoveValue={(key, value) => change({ filter: toggleFilterValue(state.filter, key, value) })}
        onClear={(key) => change({ filter: clearFilterKey(state.filter, key) })}
        onClearAll={() => change({ filter: {} })}
      />
      <div ref={listTop} className={isLoading ? 'list-card list-card--loading' : 'list-card'} aria-busy={isLoading}>
        <ListToolbar sort={state.sort} isStockOnly={state.stock === 1} total={products.total} hrefFor={hrefFor} onChange={change} />
        <ProductListTable
          products={products.list}
          qiniuImgAddress={shell.qiniuImgAddress}
          params={(product) => product.params}
          paramColumns={paramColumns}
          emptyText="没有符合筛选条件的商品，请减少筛选条件试试"
        />
        <Pagination page={products.page} total={products.total} pageSize={products.pageSize} hrefFor={pageHref} unit="个商品" onNavigate={navigate} />
      </div>
      <CompareBar />
    </PageShell>
  );
}
