/**
 * The console's lists are data grids: the server pages, sorts and filters, the browser asks for one
 * page at a time. Every list call's request is a gridQuerySchema (staff-grid-requests.ts); its response a GridPage.
 */
export const gridPageSizes = [10, 20, 50, 100] as const;
export type GridPageSize = (typeof gridPageSizes)[number];
export const gridDefaultPageSize: GridPageSize = 20;
export const gridMaxPage = 100_000;
/** An Excel export holds at most this many rows (the first that match, in the grid's order). */
export const staffExportLimit = 50_000;

export const gridMessages = {
  invalid: '请求参数有误',
  emptyList: '暂无数据',
  exportLabel: '导出Excel',
} as const;

/** Rows one bulk action takes at most. */
export const gridBulkMax = 100;

/**
 * A bulk action's answer: how many rows it changed, and each row it left as it was with the reason
 * (Chinese): a row in the wrong state does not stop the others.
 */
export interface GridBulkResult {
  done: number;
  refused: { id: number; msg: string }[];
}

export type GridDirection = 'asc' | 'desc';

export interface GridSort<Column extends string = string> {
  column: Column;
  direction: GridDirection;
}

/** One page of a grid: its rows, how many rows match the filters in all, which page of what size. */
export interface GridPage<Row> {
  rows: Row[];
  total: number;
  page: number;
  pageSize: number;
  /**
   * Set by a page loader that read the grid's view from the page's URL (grid-url.ts): the view it
   * rendered. A grid given one keeps its view in the URL from then on; list calls leave it out.
   */
  view?: GridView;
}

/** What a grid shows, as its URL says: page, size, the sort chosen (none: the list's own) and the filters as the controls hold them. */
export interface GridView {
  page: number;
  pageSize: GridPageSize;
  sort?: GridSort | undefined;
  filters: Record<string, string>;
}

/** What a grid asks: a page, an optional sort, and the desk's filters. */
export interface GridQuery<Column extends string = string, Filters = Record<string, unknown>> {
  page: number;
  pageSize: GridPageSize;
  sort?: GridSort<Column> | undefined;
  filters: Filters;
}

/** What an export link carries: the grid's filters and sort, as `?q=<JSON>`. */
export function gridExportHref(path: string, query: { filters: object; sort?: GridSort | undefined }): string {
  const q = query.sort ? { filters: query.filters, sort: query.sort } : { filters: query.filters };
  return `${path}?q=${encodeURIComponent(JSON.stringify(q))}`;
}

/** A real calendar day written YYYY-MM-DD (2000–2099): `2026-02-30` and `9999-99-99` are not days. */
export function isCalendarDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 2000 || year > 2099) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
