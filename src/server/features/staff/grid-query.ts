import * as XLSX from '@e965/xlsx';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Expression, SelectQueryBuilder } from 'kysely';
import type { z } from 'zod';
import { requestErrors } from '../../../contract/errors.ts';
import { staffExportLimit, type GridPage, type GridQuery, type GridSort } from '../../../contract/staff-grid.ts';
import { inertCellText } from '../../../contract/spreadsheet-text.ts';
import type { StaffSubject } from '../../../contract/staff-permissions.ts';
import { AppError } from '../../http/app-error.ts';
import { firstIssueMessage } from '../../http/validation-message.ts';
import { consoleRoute } from './staff-access.ts';

/** A column's SQL to order by: a column reference (`staffUsers.login`) or an expression built with `sql`/`eb`. */
export type SortExpression = string | Expression<unknown>;

// The builder's column types are the desk's business; here only ordering, limits and counting happen.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnySelect<Row> = SelectQueryBuilder<any, any, Row>;

/**
 * The rows of `query` in the grid's order: the chosen column (only those in `sortExpressions`, so
 * nothing the browser sends reaches SQL), nulls last on both engines, then `tiebreak` in the same
 * direction so paging never shows a row twice or skips one.
 */
export function orderedQuery<Row, Column extends string>(
  query: AnySelect<Row>,
  sort: GridSort<Column> | undefined,
  sortExpressions: Readonly<Record<Column, SortExpression>>,
  defaultSort: GridSort<Column>,
  tiebreak: SortExpression = 'id',
): AnySelect<Row> {
  const chosen = sort ?? defaultSort;
  const expression = sortExpressions[chosen.column];
  const direction = chosen.direction === 'desc' ? 'desc' : 'asc';
  return query.orderBy(expression as never, (order) => order[direction]().nullsLast()).orderBy(tiebreak as never, direction);
}

/**
 * One page of a list: `query` is a Kysely select with its joins, filters and columns but no order
 * or limit, one row per entity (its count is the grid's total: no group by).
 */
export async function pageOfQuery<Row, Column extends string>(
  query: AnySelect<Row>,
  grid: Pick<GridQuery<Column>, 'page' | 'pageSize' | 'sort'>,
  sortExpressions: Readonly<Record<Column, SortExpression>>,
  defaultSort: GridSort<Column>,
  tiebreak: SortExpression = 'id',
): Promise<GridPage<Row>> {
  const counted = query
    .clearSelect()
    .clearOrderBy()
    .select((eb) => eb.fn.countAll().as('gridTotal')) as unknown as AnySelect<{ gridTotal: number | string | bigint }>;
  const [countRow, rows] = await Promise.all([
    counted.executeTakeFirst(),
    orderedQuery(query, grid.sort, sortExpressions, defaultSort, tiebreak)
      .limit(grid.pageSize)
      .offset((grid.page - 1) * grid.pageSize)
      .execute(),
  ]);
  return { rows, total: Number(countRow?.gridTotal ?? 0), page: grid.page, pageSize: grid.pageSize };
}

/** The rows an export holds: the grid's filters and order, the first staffExportLimit. */
export function exportRowsOfQuery<Row, Column extends string>(
  query: AnySelect<Row>,
  sort: GridSort<Column> | undefined,
  sortExpressions: Readonly<Record<Column, SortExpression>>,
  defaultSort: GridSort<Column>,
  tiebreak: SortExpression = 'id',
): Promise<Row[]> {
  return orderedQuery(query, sort, sortExpressions, defaultSort, tiebreak).limit(staffExportLimit).execute();
}

export interface StaffExportColumn<Row> {
  header: string;
  value(row: Row): string | number | null;
}

/** A cell as written: text that members or suppliers typed (names, addresses, complaints) never becomes a formula. */
function cellOf(value: string | number | null): string | number {
  return typeof value === 'string' ? inertCellText(value) : (value ?? '');
}

/** The rows as an .xlsx workbook of one sheet named after the file: a header line, then a line per row. */
export function staffWorkbook<Row>(sheetName: string, columns: readonly StaffExportColumn<Row>[], rows: readonly Row[]): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet([columns.map((column) => column.header), ...rows.map((row) => columns.map((column) => cellOf(column.value(row))))]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, sheetName.slice(0, 31));
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** Sends the rows as `<fileName>.xlsx` (a download, its Chinese name kept by RFC 5987). */
export function sendStaffWorkbook<Row>(reply: FastifyReply, fileName: string, columns: readonly StaffExportColumn<Row>[], rows: readonly Row[]) {
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(`${fileName}.xlsx`)}`)
    .header('cache-control', 'no-store')
    .send(staffWorkbook(fileName, columns, rows));
}

export interface StaffExport<Schema extends z.ZodType, Row> {
  /** GET path, e.g. /admin/api/<desk>/export. */
  path: string;
  /** Exports need `export`, not `read`: a role that may look at a list (the warehouse at orders) may not take it away with members' phones. */
  permission: { action: 'export'; subject: StaffSubject };
  /** The list call's gridQuerySchema: the export reads its filters and sort (page and size are ignored). */
  schema: Schema;
  /** Without .xlsx; also the sheet's name. */
  fileName: string;
  columns: readonly StaffExportColumn<Row>[];
  /** The matching rows in the grid's order, at most staffExportLimit (exportRowsOfQuery does both). */
  load(query: z.output<Schema>): Promise<Row[]>;
}

function queryJson(raw: unknown): unknown {
  if (raw === undefined || raw === '') return {};
  if (typeof raw !== 'string') throw new AppError(requestErrors.invalid);
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw new AppError(requestErrors.invalid);
  }
}

/**
 * An Excel export of a grid, in the console's scope: `GET <path>?q=<JSON of {filters, sort}>` (a GET:
 * it changes nothing, so a plain link downloads it). Its permission is checked by the scope's access
 * hook before the query is read.
 */
export function registerStaffExport<Schema extends z.ZodType, Row>(app: FastifyInstance, options: StaffExport<Schema, Row>): void {
  app.get(consoleRoute(options.path), { config: { staffAccess: options.permission } }, async (request, reply) => {
    const q = (request.query as Record<string, unknown> | undefined)?.q;
    const parsed = options.schema.safeParse(queryJson(q));
    if (!parsed.success) throw new AppError(requestErrors.invalid, firstIssueMessage(parsed.error));
    const rows = await options.load(parsed.data);
    return sendStaffWorkbook(reply, options.fileName, options.columns, rows.slice(0, staffExportLimit));
  });
}
