import { gridPagingOfUrl, gridSortText, gridUrlNames } from '../../../../contract/grid-url.ts';
import { gridDefaultPageSize, type GridPageSize, type GridSort, type GridView } from '../../../../contract/staff-grid.ts';
import type { GridFilterValues } from './grid-types.ts';

/** What the grid shows: the page, its size, the sort and the filters as the controls hold them. */
export interface GridQueryState {
  page: number;
  pageSize: GridPageSize;
  sort: GridSort | undefined;
  filters: GridFilterValues;
}

/** A grid's defaults: the sort and filters it shows when its URL says nothing. */
export interface GridDefaults {
  sort?: GridSort | undefined;
  filters: GridFilterValues;
}

/** The call's filters by default: the non-empty values, as they are. */
export function presentFilters(values: GridFilterValues): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== ''));
}

function isSameSort(a: GridSort | undefined, b: GridSort | undefined): boolean {
  return a?.column === b?.column && a?.direction === b?.direction;
}

/**
 * The page's query with the grid's view written in: the page's other parameters kept, the grid's
 * set where the view differs from the defaults (a cleared default filter as `name=`) and removed
 * where it does not. Answers `?…`, or '' when nothing is left.
 */
export function gridSearchOf(currentSearch: string, query: GridQueryState, defaults: GridDefaults, filterNames: readonly string[]): string {
  const params = new URLSearchParams(currentSearch);
  params.delete(gridUrlNames.page);
  params.delete(gridUrlNames.pageSize);
  params.delete(gridUrlNames.sort);
  if (query.page !== 1) params.set(gridUrlNames.page, String(query.page));
  if (query.pageSize !== gridDefaultPageSize) params.set(gridUrlNames.pageSize, String(query.pageSize));
  if (query.sort && !isSameSort(query.sort, defaults.sort)) params.set(gridUrlNames.sort, gridSortText(query.sort));
  for (const name of filterNames) {
    const value = query.filters[name] ?? '';
    if (value === (defaults.filters[name] ?? '')) params.delete(name);
    else params.set(name, value);
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** The view a URL's query asks of a grid (on back/forward: the URLs the grid itself wrote), defaults where it is silent. */
export function gridViewOfSearch(search: string, defaults: GridDefaults, filterNames: readonly string[]): GridView {
  const params = new URLSearchParams(search);
  const query = Object.fromEntries(params.entries());
  const paging = gridPagingOfUrl(query);
  const filters: Record<string, string> = { ...defaults.filters };
  for (const name of filterNames) {
    const value = params.get(name);
    if (value !== null) filters[name] = value;
  }
  return { ...paging, sort: paging.sort ?? defaults.sort, filters };
}
