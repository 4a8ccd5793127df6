import { isProductSort, maxListPage, parseChooseFilter, ProductSort, serializeChooseFilter, type ChooseFilter } from './catalog.ts';

/**
 * Part lists keep their state in the URL so a link reproduces what was on screen; the server
 * reads it to render the page and the browser writes it as the buyer changes the list.
 */
interface QueryReader {
  get(name: string): string | null | undefined;
}

function sortOf(text: string | null | undefined): ProductSort {
  const sort = integerIn(text, 0, 3);
  return sort !== undefined && isProductSort(sort) ? sort : ProductSort.default;
}

function integerIn(text: string | null | undefined, min: number, max: number): number | undefined {
  if (!text || !/^\d{1,10}$/.test(text)) return undefined;
  const value = Number(text);
  return value >= min && value <= max ? value : undefined;
}

/** Parametric selection (/choose): ?filter={json}&stock=1&sort=2&page=3 */
export interface ListState {
  filter: ChooseFilter;
  stock: 0 | 1;
  sort: ProductSort;
  page: number;
}

/** Anything unreadable falls back to the default, so a damaged link still opens the list. */
export function readListState(query: QueryReader): ListState {
  return {
    filter: parseChooseFilter(query.get('filter') ?? '') ?? {},
    stock: query.get('stock') === '1' ? 1 : 0,
    sort: sortOf(query.get('sort')),
    page: integerIn(query.get('page'), 1, maxListPage) ?? 1,
  };
}

/** The query string of a state, defaults left out. */
export function listQueryString(state: ListState): string {
  const params = new URLSearchParams();
  const filter = serializeChooseFilter(state.filter);
  if (filter) params.set('filter', filter);
  if (state.stock === 1) params.set('stock', '1');
  if (state.sort !== ProductSort.default) params.set('sort', String(state.sort));
  if (state.page > 1) params.set('page', String(state.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Brand and zone lists: ?category=&package=&stock=1&sort=&page= */
export interface ColumnListState {
  category?: number;
  package?: string;
  stock: 0 | 1;
  sort: ProductSort;
  page: number;
}

export function readColumnListState(query: QueryReader): ColumnListState {
  const packageName = (query.get('package') ?? '').trim().slice(0, 60);
  return {
    category: integerIn(query.get('category'), 1, 2_147_483_647),
    package: packageName === '' ? undefined : packageName,
    stock: query.get('stock') === '1' ? 1 : 0,
    sort: sortOf(query.get('sort')),
    page: integerIn(query.get('page'), 1, maxListPage) ?? 1,
  };
}

export interface ColumnListChange {
  category?: number | null;
  package?: string | null;
  stock?: 0 | 1;
  sort?: ProductSort;
  page?: number;
}

/** The link for a changed state; any change but the page goes back to page 1. `fixed` params (subject) come first. */
export function columnListHref(path: string, state: ColumnListState, change: ColumnListChange, fixed: Record<string, string> = {}): string {
  const next: ColumnListState = {
    category: change.category === null ? undefined : (change.category ?? state.category),
    package: change.package === null ? undefined : (change.package ?? state.package),
    stock: change.stock ?? state.stock,
    sort: change.sort ?? state.sort,
    page: change.page ?? 1,
  };
  const params = new URLSearchParams(fixed);
  if (next.category !== undefined) params.set('category', String(next.category));
  if (next.package !== undefined) params.set('package', next.package);
  if (next.stock === 1) params.set('stock', '1');
  if (next.sort !== ProductSort.default) params.set('sort', String(next.sort));
  if (next.page > 1) params.set('page', String(next.page));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** A loader's query object as a reader (repeated parameters count as absent). */
export function queryReader(query: Record<string, unknown>): QueryReader {
  return { get: (name) => (typeof query[name] === 'string' ? query[name] : undefined) };
}
