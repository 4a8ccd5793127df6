import { useState } from 'react';
import type { AnyStaffCall } from '../../../contract/staff-calls.ts';
import type { GridPage, GridSort } from '../../../contract/staff-grid.ts';
import { ApiError } from '../../lib/api-client.ts';
import { callStaffApi } from '../staff/staff-api.ts';

/** A desk list's state: the page shown, its filters and sort, reloaded through the list call. */
export function useGridList<Row>(call: AnyStaffCall, initial: GridPage<Row>, initialFilters: Record<string, string>) {
  const [page, setPage] = useState<GridPage<Row>>(initial);
  const [filters, setFilters] = useState<Record<string, string>>(initialFilters);
  const [sort, setSort] = useState<GridSort | undefined>(undefined);
  const [error, setError] = useState('');

  async function load(next: { page?: number; filters?: Record<string, string>; sort?: GridSort | undefined }) {
    const nextFilters = next.filters ?? filters;
    const nextSort = 'sort' in next ? next.sort : sort;
    const present = Object.fromEntries(Object.entries(nextFilters).filter(([, value]) => value !== ''));
    setError('');
    try {
      const body = {
        page: next.page ?? 1,
        pageSize: page.pageSize,
        filters: present,
        ...(nextSort ? { sort: nextSort } : {}),
      } as unknown;
      setPage((await callStaffApi(call, body)) as GridPage<Row>);
      setFilters(nextFilters);
      setSort(nextSort);
    } catch (failure) {
      setError(failure instanceof ApiError && failure.msg ? failure.msg : '查询失败，请稍后重试');
    }
  }

  const pageCount = Math.max(1, Math.ceil(page.total / page.pageSize));
  return { page, filters, sort, error, pageCount, load, reload: () => load({ page: page.page }) };
}
