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
import { gridExportHref, gridMessages, type GridPageSize } from '../../../../contract/staff-grid.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useStaffCan } from '../staff-can.tsx';
import { BulkBar } from './bulk-bar.tsx';
import { ColumnChooser } from './column-chooser.tsx';
import { GridFilters } from './grid-filters.tsx';
import { GridPager } from './grid-pager.tsx';
import { presentFilters, type GridQueryState } from './grid-query-state.ts';
import type { DataGridProps, GridBulkAction } from './grid-types.ts';
import { useColumnChoice } from './use-column-choice.ts';
import { useGridData } from './use-grid-data.ts';
import { useGridUrl } from './use-grid-url.ts';
import { GridHeaderCell } from './grid-header-cell.tsx';

const features = tableFeatures({ rowSortingFeature, columnVisibilityFeature, rowSelectionFeature });
const selectColumnId = 'grid-select';
const textFilterDelayMs = 400;

/**
 * A console list: the server pages, sorts and filters (the call is gridQuerySchema-based); the grid
 * keeps the query, the column choice, the selection and the bulk actions the role may use.
 */
export function DataGrid<Row extends RowData>(props: DataGridProps<Row>) {
  const { call, initial, columns, rowKey, filters = [], storageKey, label, toQuery } = props;
  const can = useStaffCan();
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
  const [choice, setChoice] = useColumnChoice(columns, storageKey);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [notice, setNotice] = useState('');
  const [isBusy, setBusy] = useState(false);
  const actions = (props.bulkActions ?? []).filter((action) => can(action.permission));

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
    setSelection({});
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

  const definitions = useMemo(
    () => [
      ...(actions.length > 0 ? [{ id: selectColumnId, enableSorting: false, enableHiding: false }] : []),
      // The server sorts; an accessor only makes the column sortable in the table's eyes.
      ...columns.map((column) => ({
        id: column.id,
        accessorFn: () => '',
        enableSorting: column.isSortable === true,
        enableHiding: column.isAlwaysShown !== true,
      })),
    ],
    [columns, actions.length],
  );
  const table = useTable({
    features,
    columns: definitions,
    data: result.rows,
    getRowId: (row: Row) => String(rowKey(row)),
    state: { sorting, columnVisibility: choice, rowSelection: selection },
    onSortingChange: changeSorting,
    onRowSelectionChange: setSelection,
    manualSorting: true,
    enableMultiSort: false,
    enableSortingRemoval: true,
    sortDescFirst: false,
  });

  async function runBulk(action: GridBulkAction<Row>) {
    const rows = result.rows.filter((row) => selection[String(rowKey(row))]);
    if (action.confirm && !window.confirm(action.confirm(rows))) return;
    setBusy(true);
    setNotice('');
    try {
      setNotice(await action.run(rows));
    } catch (failure) {
      setNotice(failure instanceof ApiError && failure.msg ? failure.msg : '操作失败，请稍后重试');
    } finally {
      setBusy(false);
      show(latestQuery.current);
    }
  }

  const byId = new Map(columns.map((column) => [column.id, column]));
  const canExport = props.exportPath !== undefined && (!props.exportPermission || can(props.exportPermission));
  const exportHref = props.exportPath ? gridExportHref(props.exportPath, { filters: (toQuery ?? presentFilters)(query.filters), sort: query.sort }) : '';
  const visibleCount = table.getVisibleLeafColumns().length;

  return (
    <div className="data-grid" data-testid={`grid-${storageKey}`}>
      <div className="data-grid__toolbar">
        {filters.length > 0 && <GridFilters filters={filters} values={draft} onChange={changeFilter} />}
        <div className="data-grid__tools">
          {props.toolbar}
          <ColumnChooser columns={columns} choice={choice} onChange={setChoice} />
          {canExport && (
            <a className="admin-button" href={exportHref} download>
              {gridMessages.exportLabel}
            </a>
          )}
        </div>
      </div>
      <BulkBar
        selected={Object.values(selection).filter(Boolean).length}
        actions={actions}
        isBusy={isBusy}
        onRun={(action) => void runBulk(action)}
        onClear={() => setSelection({})}
      />
      <p className="admin-notice" role="status">
        {notice}
      </p>
      {error && (
        <p className="admin-notice admin-notice--error" role="alert">
          {error}
        </p>
      )}
      <div className="data-grid__scroll">
        <table className="admin-table data-grid__table" aria-label={label} aria-busy={isLoading}>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) =>
                  header.column.id === selectColumnId ? (
                    <th key={header.id} className="data-grid__check">
                      <input type="checkbox" aria-label="全选本页" checked={table.getIsAllRowsSelected()} onChange={table.getToggleAllRowsSelectedHandler()} />
                    </th>
                  ) : (
                    <GridHeaderCell key={header.id} title={byId.get(header.column.id)?.header ?? ''} column={header.column} />
                  ),
                )}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} className={row.getIsSelected() ? 'is-selected' : undefined}>
                {row.getVisibleCells().map((cell) =>
                  cell.column.id === selectColumnId ? (
                    <td key={cell.id} className="data-grid__check">
                      <input type="checkbox" aria-label="选择此行" checked={row.getIsSelected()} onChange={row.getToggleSelectedHandler()} />
                    </td>
                  ) : (
                    <td key={cell.id}>{byId.get(cell.column.id)?.cell(row.original, controls)}</td>
                  ),
                )}
              </tr>
            ))}
            {result.rows.length === 0 && (
              <tr>
                <td colSpan={visibleCount} className="data-grid__empty">
                  {isLoading ? '加载中…' : gridMessages.emptyList}
                </td>
              </tr>
            )}
          </tbody>
        </table>
        {isLoading && <div className="data-grid__loading">加载中…</div>}
      </div>
      <GridPager
        total={result.total}
        page={query.page}
        pageSize={query.pageSize}
        isLoading={isLoading}
        onPage={(page) => show({ ...latestQuery.current, page })}
        onPageSize={(pageSize) => show({ ...latestQuery.current, pageSize, page: 1 })}
      />
    </div>
  );
}
