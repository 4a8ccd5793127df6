import { useState, type ReactNode } from 'react';
import type { RowData, RowSelectionState } from '@tanstack/react-table';
import { gridExportHref, gridMessages } from '../../../../contract/staff-grid.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useStaffCan } from '../staff-can.tsx';
import { BulkBar } from './bulk-bar.tsx';
import { ColumnChooser } from './column-chooser.tsx';
import { GridFilters } from './grid-filters.tsx';
import { GridPager } from './grid-pager.tsx';
import { presentFilters } from './grid-query-state.ts';
import type { DataGridProps, GridBulkAction, GridColumn, GridControls } from './grid-types.ts';
import { useColumnChoice } from './use-column-choice.ts';
import { GridHeaderCell } from './grid-header-cell.tsx';
import { selectColumnId, useGridQuery, useGridTable } from './use-grid-query.ts';

type GridTableModel<Row extends RowData> = ReturnType<typeof useGridTable<Row>>;

/** The rows of the page shown: a select box each when bulk actions are offered, the columns chosen, or the empty line. */
function GridTable<Row extends RowData>({
  table,
  columns,
  controls,
  label,
  isLoading,
  isEmpty,
}: {
  table: GridTableModel<Row>;
  isEmpty: boolean;
  columns: readonly GridColumn<Row>[];
  controls: GridControls;
  label: string;
  isLoading: boolean;
}) {
  const byId = new Map(columns.map((column) => [column.id, column]));
  const rows = table.getRowModel().rows;
  return (
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
          {rows.map((row) => (
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
          {isEmpty && (
            <tr>
              <td colSpan={table.getVisibleLeafColumns().length} className="data-grid__empty">
                {isLoading ? '加载中…' : gridMessages.emptyList}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {isLoading && <div className="data-grid__loading">加载中…</div>}
    </div>
  );
}

/** Runs a bulk action on the selected rows of the page shown, then shows the page again. */
function useBulkRun<Row>(rows: readonly Row[], rowKey: (row: Row) => string | number, selection: RowSelectionState, reload: () => void) {
  const [notice, setNotice] = useState('');
  const [isBusy, setBusy] = useState(false);
  async function runBulk(action: GridBulkAction<Row>) {
    const chosen = rows.filter((row) => selection[String(rowKey(row))]);
    if (action.confirm && !window.confirm(action.confirm(chosen))) return;
    setBusy(true);
    setNotice('');
    try {
      setNotice(await action.run(chosen));
    } catch (failure) {
      setNotice(failure instanceof ApiError && failure.msg ? failure.msg : '操作失败，请稍后重试');
    } finally {
      setBusy(false);
      reload();
    }
  }
  return { notice, isBusy, runBulk };
}

function GridToolbar({ filters, tools }: { filters: ReactNode; tools: ReactNode }) {
  return (
    <div className="data-grid__toolbar">
      {filters}
      <div className="data-grid__tools">{tools}</div>
    </div>
  );
}

/**
 * A console list: the server pages, sorts and filters (the call is gridQuerySchema-based); the grid
 * keeps the query, the column choice, the selection and the bulk actions the role may use.
 */
export function DataGrid<Row extends RowData>(props: DataGridProps<Row>) {
  const { columns, rowKey, filters = [], storageKey, label, toQuery } = props;
  const can = useStaffCan();
  const [selection, setSelection] = useState<RowSelectionState>({});
  const grid = useGridQuery(props, () => setSelection({}));
  const { query, result } = grid;
  const [choice, setChoice] = useColumnChoice(columns, storageKey);
  const actions = (props.bulkActions ?? []).filter((action) => can(action.permission));
  const bulk = useBulkRun(result.rows, rowKey, selection, () => grid.showLatest());
  const table = useGridTable({
    columns,
    hasSelectColumn: actions.length > 0,
    rows: result.rows,
    rowKey,
    sorting: grid.sorting,
    choice,
    selection,
    onSortingChange: grid.changeSorting,
    onRowSelectionChange: setSelection,
  });
  const canExport = props.exportPath !== undefined && (!props.exportPermission || can(props.exportPermission));
  const exportHref = props.exportPath ? gridExportHref(props.exportPath, { filters: (toQuery ?? presentFilters)(query.filters), sort: query.sort }) : '';

  return (
    <div className="data-grid" data-testid={`grid-${storageKey}`}>
      <GridToolbar
        filters={filters.length > 0 && <GridFilters filters={filters} values={grid.draft} onChange={grid.changeFilter} />}
        tools={
          <>
            {props.toolbar}
            <ColumnChooser columns={columns} choice={choice} onChange={setChoice} />
            {canExport && (
              <a className="admin-button" href={exportHref} download>
                {gridMessages.exportLabel}
              </a>
            )}
          </>
        }
      />
      <BulkBar
        selected={Object.values(selection).filter(Boolean).length}
        actions={actions}
        isBusy={bulk.isBusy}
        onRun={(action) => void bulk.runBulk(action)}
        onClear={() => setSelection({})}
      />
      <p className="admin-notice" role="status">
        {bulk.notice}
      </p>
      {grid.error && (
        <p className="admin-notice admin-notice--error" role="alert">
          {grid.error}
        </p>
      )}
      <GridTable table={table} columns={columns} controls={grid.controls} label={label} isLoading={grid.isLoading} isEmpty={result.rows.length === 0} />
      <GridPager
        total={result.total}
        page={query.page}
        pageSize={query.pageSize}
        isLoading={grid.isLoading}
        onPage={(page) => grid.showLatest({ page })}
        onPageSize={(pageSize) => grid.showLatest({ pageSize, page: 1 })}
      />
    </div>
  );
}
