import { useRef, useState } from 'react';
import type { GridPage } from '../../../../contract/staff-grid.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { callStaffApi } from '../staff-api.ts';
import { presentFilters, type GridQueryState } from './grid-query-state.ts';
import type { GridCall, GridFilterValues } from './grid-types.ts';

type ToQuery = (values: GridFilterValues) => Record<string, unknown>;

/** The call's body for a grid query. */
export function gridCallBody(query: GridQueryState, toQuery: ToQuery = presentFilters) {
  return { page: query.page, pageSize: query.pageSize, filters: toQuery(query.filters), ...(query.sort ? { sort: query.sort } : {}) };
}

/**
 * The page a grid shows: the server's first page as rendered, then the answer of each load (the
 * answer of an older request that comes late is dropped).
 */
export function useGridData<Row>(call: GridCall<Row>, initial: GridPage<Row>, toQuery?: ToQuery) {
  const [result, setResult] = useState(initial);
  const [isLoading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const latest = useRef(0);

  async function load(query: GridQueryState) {
    latest.current += 1;
    const ticket = latest.current;
    setLoading(true);
    setError('');
    try {
      const page = await callStaffApi(call, gridCallBody(query, toQuery));
      if (ticket === latest.current) setResult(page);
    } catch (failure) {
      if (ticket === latest.current) setError(failure instanceof ApiError && failure.msg ? failure.msg : '加载失败，请稍后重试');
    } finally {
      if (ticket === latest.current) setLoading(false);
    }
  }

  return { result, isLoading, error, load };
}
