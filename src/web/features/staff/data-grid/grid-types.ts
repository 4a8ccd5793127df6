import type { ReactNode, Ref } from 'react';
import type { GridPage, GridSort } from '../../../../contract/staff-grid.ts';
import type { StaffCall } from '../../../../contract/staff-calls.ts';
import type { StaffPermission } from '../../../../contract/staff-permissions.ts';
import type { z } from 'zod';

/** A list call: its request a gridQuerySchema, its answer a GridPage. */
export type GridCall<Row> = StaffCall<z.ZodType, GridPage<Row>>;

/** What a cell may do to its grid: reload the page shown after a row action changed something. */
export interface GridControls {
  reload: () => void;
}

export interface GridColumn<Row> {
  /** Unique in the grid; for a sortable column, one of the call's sort columns. */
  id: string;
  header: string;
  cell: (row: Row, grid: GridControls) => ReactNode;
  isSortable?: boolean;
  /** Always shown (the column chooser leaves it out). */
  isAlwaysShown?: boolean;
  /** Hidden until the staff member chooses it. */
  isHiddenAtFirst?: boolean;
}

/**
 * A filter of the grid's filter area. Values are strings as the controls hold them ('' = no
 * filter); `toQuery` turns them into the call's filters when a field is not a plain string.
 */
export type GridFilter =
  | { kind: 'text'; name: string; label: string; maxLength?: number }
  | { kind: 'select'; name: string; label: string; options: readonly { value: string; label: string }[] }
  | { kind: 'date'; name: string; label: string }
  | { kind: 'custom'; name: string; label: string; render: (value: string, change: (value: string) => void) => ReactNode };

export type GridFilterValues = Readonly<Record<string, string>>;

/** A button of the bar shown over selected rows; hidden when the role lacks its permission. */
export interface GridBulkAction<Row> {
  label: string;
  permission: StaffPermission;
  /** Acts on the rows; answers the notice to show (the grid reloads after). Throwing an ApiError shows its msg. */
  run: (rows: Row[]) => Promise<string>;
  /** For an action that cannot be undone: the question asked first (取消 leaves the rows as they are). */
  confirm?: (rows: Row[]) => string;
}

export interface DataGridProps<Row> {
  /** For labels and testids: e.g. 员工列表. */
  label: string;
  call: GridCall<Row>;
  /** The first page as the server rendered it; with a `view` (the loader read it from the URL, gridStartOfUrl) the grid keeps its view in the URL. */
  initial: GridPage<Row>;
  columns: readonly GridColumn<Row>[];
  rowKey: (row: Row) => string | number;
  filters?: readonly GridFilter[];
  /** The filter values shown when the URL names none (the loader's defaults too); a URL clears one with `name=`. */
  initialFilters?: GridFilterValues;
  /** Turns the controls' values into the call's `filters` (default: the non-empty strings as they are). */
  toQuery?: (values: GridFilterValues) => Record<string, unknown>;
  /** The sort shown when the URL names none (the list's own default). */
  initialSort?: GridSort;
  bulkActions?: readonly GridBulkAction<Row>[];
  /** GET path of the export (registerStaffExport); the link is shown to roles with exportPermission. */
  exportPath?: string;
  exportPermission?: StaffPermission;
  /** localStorage key of the column choice, e.g. admin.staff.columns. */
  storageKey: string;
  /** Shown above the table, beside the filters (e.g. a 新建 button). */
  toolbar?: ReactNode;
  /** For the page's own actions outside the grid (a new row created): `controls.current.reload()`. */
  controls?: Ref<GridControls>;
}
