import { gridDefaultPageSize, gridMaxPage, gridPageSizes, type GridPageSize, type GridSort } from './staff-grid.ts';

/**
 * A console grid's view in its page's URL, so reload, back/forward and a shared link show the same
 * rows: `?page=2&size=50&sort=-registered&phone=138` (sort: the column, `-` first for descending;
 * the filters under their own names). Only what differs from the grid's defaults is written.
 */
export const gridUrlNames = { page: 'page', pageSize: 'size', sort: 'sort' } as const;

const reservedNames: ReadonlySet<string> = new Set(Object.values(gridUrlNames));

/** Is `name` one of the grid's own parameters (page, size, sort) rather than a filter? */
export function isGridPagingName(name: string): boolean {
  return reservedNames.has(name);
}

export interface GridPaging {
  page: number;
  pageSize: GridPageSize;
  sort?: GridSort | undefined;
}

/** The page, size and sort of a URL's query; a value that cannot be read is the default (a sort column is the list's to check). */
export function gridPagingOfUrl(query: Readonly<Record<string, string | undefined>>): GridPaging {
  const pageText = query[gridUrlNames.page] ?? '';
  const page = /^\d{1,6}$/.test(pageText) ? Number(pageText) : 1;
  const size = Number(query[gridUrlNames.pageSize] ?? '');
  const sortMatch = /^(-?)([A-Za-z][A-Za-z0-9_]{0,39})$/.exec(query[gridUrlNames.sort] ?? '');
  return {
    page: page >= 1 && page <= gridMaxPage ? page : 1,
    pageSize: gridPageSizes.find((allowed) => allowed === size) ?? gridDefaultPageSize,
    sort: sortMatch?.[2] ? { column: sortMatch[2], direction: sortMatch[1] === '-' ? 'desc' : 'asc' } : undefined,
  };
}

/** A sort as its URL value: `createdAt` or `-createdAt`. */
export function gridSortText(sort: GridSort): string {
  return `${sort.direction === 'desc' ? '-' : ''}${sort.column}`;
}
