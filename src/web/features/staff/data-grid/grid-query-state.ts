import type { GridPageSize, GridSort } from '../../../../contract/staff-grid.ts';
import type { GridFilterValues } from './grid-types.ts';

/** What the grid shows: the page, its size, the sort and the filters as the controls hold them. */
export interface GridQueryState {
  page: number;
  pageSize: GridPageSize;
  sort: GridSort | undefined;
  filters: GridFilterValues;
}

/** The call's filters by default: the non-empty values, as they are. */
export function presentFilters(values: GridFilterValues): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== ''));
}
