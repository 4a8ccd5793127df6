import { useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';
import {
  columnVisibilityFeature,
  functionalUpdate,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type RowData,
  type RowSelectionState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import type { GridPageSize } from '../../../../contract/staff-grid.ts';
import type { GridQueryState } from './grid-query-state.ts';
import type { DataGridProps, GridColumn } from './grid-types.ts';
import { useGridData } from './use-grid-data.ts';
import { useGridUrl } from './use-grid-url.ts';

const features = tableFeatures({ rowSortingFeature, columnVisibilityFeature, rowSelectionFeature });
export const selectColumnId = 'grid-select';
const textFilterDelayMs = 400;

/**
 * The grid's view: the query shown (page, size, sort, filters), the filters as typed, the rows the server
 * answered, and the URL entry of each new view. `onShow` runs whenever another view is shown (the selection clears).
 */
export function useGridQuery<Row extends RowData>(props: DataGridProps<Row>, onShow: () => void) {
  const { call, initial, filters = [], toQuery } = props;
  const defaults = { sort: props.initialSort, filters: props.initialFilters ?? {} };
  const filterNames = [...new Set([...filters.map((filter) => filter.name), ...Object.keys(defaults.filters)])];
  const [query, setQuery] = useState<GridQueryState>(() =>
    initial.view
      ? { ...initial.view, sort: initial.view.sort ?? defaults.sort }
      : { page: initial.page, pageSize: initial.pageSize as GridPageSize, sort: defaults.sort, filters: defaults.filters },
  );
  const [draft, setDraft] = useState(query.filters);
  const typing = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const { result, isLoading, error, load } = useGridData(call, initial, toQuery);

  // The query shown, for callbacks the table or a timer may keep from an earlier render.
  const latestQuery = useRef(query);
  useEffect(() => {
    latestQuery.current = query;
  }, [query]);
  const recordInUrl = useGridUrl(initial.view !== undefined, query, defaults, filterNames, (next) => {
    clearTimeout(typing.current);
    setDraft(next.filters);
    show(next, false);
  });
  /** Shows a view: asks the server, and (unless it came from back/forward) makes it a history entry. */
  function show(next: GridQueryState, isNewView = true) {
    setQuery(next);
    onShow();
    void load(next);
    if (isNewView) recordInUrl(next);
  }
  const controls = { reload: () => show(query) };
  useImperativeHandle(props.controls, () => controls);

  /** Text filters ask the server once typing pauses; the others at once; either way from page 1. */
  function changeFilter(name: string, value: string, isTyping: boolean) {
    const next = { ...draft, [name]: value };
    setDraft(next);
    clearTimeout(typing.current);
    const apply = () => show({ ...latestQuery.current, filters: next, page: 1 });
    if (isTyping) typing.current = setTimeout(apply, textFilterDelayMs);
    else apply();
  }

  const sorting: SortingState = query.sort ? [{ id: query.sort.column, desc: query.sort.direction === 'desc' }] : [];
  function changeSorting(updater: Updater<SortingState>) {
    const [first] = functionalUpdate(updater, sorting);
    show({ ...latestQuery.current, page: 1, sort: first ? { column: first.id, direction: first.desc ? 'desc' : 'asc' } : undefined });
  }

  /** The view as it is now, for work that finishes later (a bulk action reloads it). */
  const showLatest = (patch: Partial<GridQueryState> = {}) => show({ ...latestQuery.current, ...patch });
  return { query, draft, result, isLoading, error, controls, changeFilter, sorting, changeSorting, showLatest };
}

interface GridTableState<Row> {
  columns: readonly GridColumn<Row>[];
  hasSelectColumn: boolean;
  rows: Row[];
  rowKey: (row: Row) => string | number;
  sorting: SortingState;
  /** The column choice (useColumnChoice): column id → shown. */
  choice: Record<string, boolean>;
  selection: RowSelectionState;
  onSortingChange: (updater: Updater<SortingState>) => void;
  onRowSelectionChange: (updater: Updater<RowSelectionState>) => void;
}

/** The table model: the server sorts (manualSorting); a select column first when bulk actions are offered. */
export function useGridTable<Row extends RowData>(state: GridTableState<Row>) {
  const { columns, hasSelectColumn } = state;
  const definitions = useMemo(
    () => [
      ...(hasSelectColumn ? [{ id: selectColumnId, enableSorting: false, enableHiding: false }] : []),
      // The server sorts; an accessor only makes the column sortable in the table's eyes.
      ...columns.map((column) => ({
        id: column.id,
        accessorFn: () => '',
        enableSorting: column.isSortable === true,
        enableHiding: column.isAlwaysShown !== true,
      })),
    ],
    [columns, hasSelectColumn],
  );
  return useTable({
    features,
    columns: definitions,
    data: state.rows,
    getRowId: (row: Row) => String(state.rowKey(row)),
    state: { sorting: state.sorting, columnVisibility: state.choice, rowSelection: state.selection },
    onSortingChange: state.onSortingChange,
    onRowSelectionChange: state.onRowSelectionChange,
    manualSorting: true,
    enableMultiSort: false,
    enableSortingRemoval: true,
    sortDescFirst: false,
  });
}
