import { useRef, useState } from 'react';
import { serializeChooseFilter, type CategoryRef, type ChooseProduct } from '../../contract/catalog.ts';
import { catalogCalls } from '../../contract/catalog-calls.ts';
import { listQueryString, type ListState } from '../../contract/list-state.ts';
import { mobileChoosePath, type MobileChooseData } from '../../contract/mobile.ts';
import { callApi } from '../lib/api-client.ts';
import { AppliedFilters, appliedChipsOf } from '../features/mobile/applied-filters.tsx';
import { FilterSheet } from '../features/mobile/mobile-filter-sheet.tsx';
import { MobileFrame } from '../features/mobile/mobile-frame.tsx';
import { MobilePartList } from '../features/mobile/mobile-part-list.tsx';
import { useLoadMore } from '../features/mobile/use-load-more.ts';
import type { PageProps } from './page-props.ts';
/** The products of the list, the first page from the server and each further page from the list call. */
function useChooseProducts({ categoryFirst, categorySecond, state, products }: MobileChooseData) {
  return useLoadMore<ChooseProduct>({ items: products.list, page: products.page, pageSize: products.pageSize, total: products.total }, async (page) => {
    const next = await callApi(catalogCalls.queryAttrbuteProductList, {
      categoryFirstId: categoryFirst.categoryId,
      categorySecondId: categorySecond?.categoryId ?? null,
      stock: state.stock,
      filter: serializeChooseFilter(state.filter),
      sort: state.sort,
      page,
    });
    return next.list;
  });
}

function SubcategoryNav({ data, subcategories }: { data: MobileChooseData; subcategories: CategoryRef[] }) {
  const { categoryFirst, categorySecond, basePath } = data;
  return (
    <nav className="m-subnav" aria-label={`${categoryFirst.categoryName}的分类`}>
      {subcategories.map((sub) => (
        <a
          key={sub.categoryId}
          href={mobileChoosePath(basePath, categoryFirst.categoryId, sub.categoryId)}
          aria-current={sub.categoryId === categorySecond?.categoryId ? 'page' : undefined}
        >
          {sub.categoryName}
        </a>
      ))}
    </nav>
  );
}

/** /m/choose/{first}-{second}: the parametric list; 筛选 opens the facets in a bottom sheet, applied ones show as chips. */
export function MobileChoosePage({ shell, data }: PageProps<MobileChooseData>) {
  const { categoryFirst, categorySecond, siblings, state, facets, products, basePath } = data;
  const path = mobileChoosePath(basePath, categoryFirst.categoryId, categorySecond?.categoryId);
  const hrefOf = (next: ListState) => `${path}${listQueryString(next)}`;
  const [isSheetOpen, setIsSheetOpen] = useState(false);
  const filterButton = useRef<HTMLButtonElement>(null);
  const more = useChooseProducts(data);
  const appliedCount = appliedChipsOf(state, facets.facets).length;
  const subcategories = categorySecond ? siblings : facets.subcategories.map((sub) => ({ ...sub, skuCount: sub.count }));
  const closeSheet = () => {
    setIsSheetOpen(false);
    filterButton.current?.focus();
  };
  return (
    <MobileFrame shell={shell} title={categorySecond?.categoryName ?? categoryFirst.categoryName} backHref={`${basePath}/catalogue`} basePath={basePath}>
      {subcategories.length > 0 && <SubcategoryNav data={data} subcategories={subcategories} />}
      <div className="m-toolbar">
        <p className="m-toolbar__total">
          共 <strong data-testid="m-choose-total">{products.total}</strong> 个型号
        </p>
        <button
          ref={filterButton}
          type="button"
          className="m-filter-button"
          aria-haspopup="dialog"
          onClick={() => setIsSheetOpen(true)}
          data-testid="m-filter-open"
        >
          筛选{appliedCount > 0 ? `（${appliedCount}）` : ''}
        </button>
      </div>
      <AppliedFilters state={state} facets={facets.facets} hrefOf={hrefOf} />
      {products.total > 0 ? (
        <>
          <MobilePartList parts={more.items} shell={shell} basePath={basePath} />
          {more.hasMore && (
            <a
              className="m-more"
              href={hrefOf({ ...state, page: more.page + 1 })}
              aria-busy={more.isLoading}
              data-testid="m-load-more"
              onClick={(event) => {
                event.preventDefault();
                more.loadNext();
              }}
            >
              {more.isLoading ? '加载中…' : '加载更多'}
            </a>
          )}
        </>
      ) : (
        <p className="m-empty m-empty--box" data-testid="m-no-result">
          没有符合条件的型号，请减少筛选条件
        </p>
      )}
      <FilterSheet
        isOpen={isSheetOpen}
        state={state}
        facets={facets.facets}
        onClose={closeSheet}
        onApply={(next) => {
          setIsSheetOpen(false);
          window.location.assign(hrefOf(next));
        }}
      />
    </MobileFrame>
  );
}
