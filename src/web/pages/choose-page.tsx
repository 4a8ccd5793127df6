import { useEffect, useRef, useState } from 'react';
import {
  brandFilterKey,
  choosePath,
  serializeChooseFilter,
  type QueryAttrbuteExcludeListResponse,
  type QueryAttrbuteProductListResponse,
} from '../../contract/catalog.ts';
import { Breadcrumb } from '../ui/breadcrumb.tsx';
import { listQueryString, readListState, type ListState } from '../../contract/list-state.ts';
import { clearFilterKey, setFilterRange, toggleFilterValue } from '../features/catalog/choose-state.ts';
import { FilterPanel } from '../features/catalog/filter-panel.tsx';
import { ListToolbar } from '../features/catalog/list-toolbar.tsx';
import { Pagination } from '../features/catalog/pagination.tsx';
import { SelectedFilters } from '../features/catalog/selected-filters.tsx';
import { ProductListTable } from '../features/product/product-list-table.tsx';
import { callApi, errorMessageOf } from '../lib/api-client.ts';
import { PageShell } from '../shell/page-shell.tsx';
import { toastIfMessage } from '../ui/toast.ts';
import type { PageProps } from './page-props.ts';

export interface CategoryRef {
  categoryId: number;
  categoryName: string;
}

export interface ChoosePageData {
  categoryFirst: CategoryRef;
  categorySecond: CategoryRef | null;
  /** The second-level categories of the first level, for moving between them. */
  siblings: (CategoryRef & { skuCount: number })[];
  state: ListState;
  facets: QueryAttrbuteExcludeListResponse;
  products: QueryAttrbuteProductListResponse;
}

/**
 * Parametric selection. The selection lives in the URL (?filter=…&stock=&sort=&page=), so a
 * link reproduces it; changes call the two product APIs and push the new URL.
 */
export function ChoosePage({ shell, data }: PageProps<ChoosePageData>) {
  const { categoryFirst, categorySecond } = data;
  const [state, setState] = useState(data.state);
  const [facets, setFacets] = useState(data.facets);
  const [products, setProducts] = useState(data.products);
  const [isLoading, setIsLoading] = useState(false);
  const latestRequest = useRef(0);
  const listTop = useRef<HTMLDivElement>(null);
  const basePath = choosePath(categoryFirst.categoryId, categorySecond?.categoryId);

  async function show(next: ListState, previous: ListState, history: 'push' | 'keep') {
    setState(next);
    if (history === 'push') window.history.pushState(null, '', `${basePath}${listQueryString(next)}`);
    const request = ++latestRequest.current;
    const scope = { categoryFirstId: categoryFirst.categoryId, categorySecondId: categorySecond?.categoryId ?? null, stock: next.stock, filter: serializeChooseFilter(next.filter) };
    const isSelectionChanged = scope.filter !== serializeChooseFilter(previous.filter) || next.stock !== previous.stock;
    setIsLoading(true);
    try {
      const [nextProducts, nextFacets] = await Promise.all([
        callApi<QueryAttrbuteProductListResponse>('/product/api/queryAttrbuteProductList', { ...scope, page: next.page, sort: next.sort }),
        isSelectionChanged ? callApi<QueryAttrbuteExcludeListResponse>('/product/api/queryAttrbuteExcludeList', scope) : Promise.resolve(null),
      ]);
      if (request !== latestRequest.current) return;
      setProducts(nextProducts);
      if (nextFacets) setFacets(nextFacets);
    } catch (error) {
      if (request === latestRequest.current) toastIfMessage(errorMessageOf(error));
    } finally {
      if (request === latestRequest.current) setIsLoading(false);
    }
  }

  const stateRef = useRef(state);
  stateRef.current = state;
  useEffect(() => {
    const onPopState = () => void show(readListState(new URLSearchParams(window.location.search)), stateRef.current, 'keep');
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  const change = (patch: Partial<ListState>) => void show({ ...state, page: 1, ...patch }, state, 'push');
  const goToPage = (page: number) => {
    void show({ ...state, page }, state, 'push');
    listTop.current?.scrollIntoView({ block: 'start' });
  };
  const paramColumns = facets.facets.filter((facet) => facet.key !== brandFilterKey).map((facet) => ({ key: facet.key, name: facet.name }));
  const title = categorySecond?.categoryName ?? categoryFirst.categoryName;
  // A first-level view counts its subcategories with the brand and stock choices applied.
  const countOf = (sibling: ChoosePageData['siblings'][number]) =>
    categorySecond ? sibling.skuCount : (facets.subcategories.find((sub) => sub.categoryId === sibling.categoryId)?.count ?? 0);

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
      <nav className="subcategory-nav" aria-label="子分类">
        <a className={categorySecond ? 'subcategory-nav__item' : 'subcategory-nav__item subcategory-nav__item--active'} href={choosePath(categoryFirst.categoryId)}>
          全部{categoryFirst.categoryName}
        </a>
        {data.siblings.map((sibling) => (
          <a
            key={sibling.categoryId}
            className={sibling.categoryId === categorySecond?.categoryId ? 'subcategory-nav__item subcategory-nav__item--active' : 'subcategory-nav__item'}
            href={choosePath(categoryFirst.categoryId, sibling.categoryId)}
          >
            {sibling.categoryName}
            <span className="subcategory-nav__count">{`(${countOf(sibling)})`}</span>
          </a>
        ))}
      </nav>
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
        <ListToolbar
          sort={state.sort}
          isStockOnly={state.stock === 1}
          total={products.total}
          hrefFor={(patch) => `${basePath}${listQueryString({ ...state, page: 1, ...patch })}`}
          onChange={(patch) => change(patch)}
        />
        <ProductListTable
          products={products.list}
          qiniuImgAddress={shell.qiniuImgAddress}
          params={(product) => product.params}
          paramColumns={paramColumns}
          emptyText="没有符合筛选条件的商品，请减少筛选条件试试"
        />
        <Pagination
          page={products.page}
          total={products.total}
          pageSize={products.pageSize}
          hrefFor={(page) => `${basePath}${listQueryString({ ...state, page })}`}
          onNavigate={goToPage}
        />
      </div>
    </PageShell>
  );
}
