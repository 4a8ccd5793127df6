import type { FacetedProductPage } from '../../../contract/catalog.ts';
import type { ColumnListChange, ColumnListState } from '../../../contract/list-state.ts';
import { CompareBar } from '../compare/compare-bar.tsx';
import { ListFacets } from './list-facets.tsx';
import { ListToolbar } from './list-toolbar.tsx';
import { Pagination } from '../../ui/pagination.tsx';
import { ProductListTable } from './product-list-table.tsx';

interface FacetedProductListProps {
  products: FacetedProductPage;
  state: ColumnListState;
  /** The link of the list with a changed state (columnListHref with the page's path). */
  hrefFor: (change: ColumnListChange) => string;
  qiniuImgAddress: string;
  emptyText: string;
}

/**
 * A list chosen by plain columns (a brand, a zone): category and package facets, sort and
 * stock, the parts, pages. Every change is a link, so the page works without JavaScript.
 */
export function FacetedProductList({ products, state, hrefFor, qiniuImgAddress, emptyText }: FacetedProductListProps) {
  return (
    <>
      <ListFacets categories={products.categories} packages={products.packages} categoryId={state.category} packageName={state.package} hrefFor={hrefFor} />
      <div className="list-card">
        <ListToolbar sort={state.sort} isStockOnly={state.stock === 1} total={products.total} hrefFor={hrefFor} />
        <ProductListTable products={products.list} qiniuImgAddress={qiniuImgAddress} emptyText={emptyText} />
        <Pagination page={products.page} total={products.total} pageSize={products.pageSize} hrefFor={(page) => hrefFor({ page })} unit="个商品" />
      </div>
      <CompareBar />
    </>
  );
}
