import { bomErrors, bomLimits, type BomColumnMapping, type BomSheet } from '../../../../contract/bom.ts';
import type { ErrorDefinition } from '../../../../contract/errors.ts';
import { AppError } from '../../../http/app-error.ts';
import { looksLikeMpn, parseQuantityText } from './cell-text.ts';
import { looksLikeDesignators } from './designators.ts';
import { hasPartRole, headerScanRows, type DetectedHeader } from './detect-header.ts';
import { bomHeaderOf, oneTableOfSameParts, type NumberedRow } from './find-tables.ts';
import { inferMappingFromContent } from './infer-mapping.ts';
import { partRowIndexes } from './part-rows.ts';
import { joinContinuedDesignators, numberedRows, realignOverflowRows } from './shape-rows.ts';
import type { SheetGrid } from './workbook-grid.ts';

/** Rows read from a sheet: the header's search area and twice the part lines (title, note and empty rows ride along). */
export const sheetRowsMax = headerScanRows + bomLimits.partLinesMax * 2;

const nameCharsMax = 200;

/**
 * The BomSheet of a file or paste: of its sheets, the first with a header and parts (others named in a warning),
 * else the first with content read without one; cells cleaned, empty rows dropped, rows as wide as the header;
 * the rows below the header that are not parts listed in a warning.
 */
export function sheetOfGrids(fileName: string, grids: SheetGrid[], emptyError: ErrorDefinition): BomSheet {
  const columnsCut = grids.some(
    (grid) => grid.columnsCut === true || grid.rows.some((row) => row.slice(bomLimits.columnsMax).some((cell) => cell.trim() !== '')),
  );
  const filled = grids.map((grid) => ({ ...grid, rows: grid.rows.map(cleanRow), rawRows: grid.rows })).filter((grid) => grid.rows.some(isFilledRow));
  const chosen = chosenSheetOf(filled);
  if (!chosen) throw new AppError(emptyError);
  if (chosen.grid.truncated) throw new AppError(bomErrors.tooManyLines);
  const warnings = filled.filter((grid) => grid !== chosen.grid).map((grid) => `工作表“${grid.sheetName}”未读取，仅读取了“${chosen.grid.sheetName}”`);
  const { rowIndexes, skippedRowIndexes, ...shaped } = chosen.shaped;
  if (!chosen.hasHeader)
    warnings.push(shaped.headerRowIndex < 0 ? '未识别到表头，已按内容推断各列，请核对列对应关系' : '表头中的列名未能识别，已按内容推断各列，请核对列对应关系');
  if (columnsCut) warnings.push(`仅读取前 ${bomLimits.columnsMax} 列，之后的列未读取`);
  if (shaped.rows.length > bomLimits.partLinesMax * 2) throw new AppError(bomErrors.tooManyLines);
  const partRows = new Set(chosen.partRows);
  const partLineCount = partRows.size;
  if (partLineCount > bomLimits.partLinesMax) throw new AppError(bomErrors.tooManyLines);
  if (partLineCount === 0) throw new AppError(emptyError);
  const skipped = [...skippedRowIndexes, ...rowIndexes.filter((_, index) => !partRows.has(index) && !isHeaderRepeat(shaped.rows[index] ?? [], shaped.headers))];
  if (skipped.length > 0) warnings.push(skippedRowsWarning(skipped));
  return {
    fileName: shortName(fileName),
    sheetName: shortName(chosen.grid.sheetName),
    ...shaped,
    mappingSource: hasPartRole(shaped.mapping) ? 'detected' : 'none',
    partLineCount,
    warnings,
  };
}

interface ShapedSheet {
  headerRowIndex: number;
  headers: string[];
  rows: string[][];
  mapping: BomColumnMapping;
  /** The sheet row each of `rows` came from. */
  rowIndexes: number[];
  /** Sheet rows left out before the table (a headerless sheet's title). */
  skippedRowIndexes: number[];
}

interface ChosenSheet {
  grid: SheetGrid;
  shaped: ShapedSheet;
  hasHeader: boolean;
  /** Indexes into shaped.rows of the part rows. */
  partRows: number[];
}

/** The first sheet whose header stands over parts; a sheet with only a header (a cover, an empty template) is passed over. */
function chosenSheetOf(grids: (SheetGrid & { rawRows: string[][] })[]): ChosenSheet | null {
  let headerOnly: ChosenSheet | null = null;
  for (const grid of grids) {
    const header = bomHeaderOf(grid.rows);
    if (!header) continue;
    const shaped = withHeader(grid, header);
    const chosen = { grid, shaped, hasHeader: true, partRows: partRowIndexes(shaped) };
    if (chosen.partRows.length > 0) return chosen;
    headerOnly ??= chosen;
  }
  const first = grids[0];
  if (headerOnly || !first) return headerOnly;
  const shaped = withoutHeader(first.rows);
  return { grid: first, shaped, hasHeader: false, partRows: partRowIndexes(shaped) };
}

function withHeader(grid: SheetGrid & { rawRows: string[][] }, header: DetectedHeader): ShapedSheet {
  const rows = grid.rows;
  const table = oneTableOfSameParts(
    { rowIndex: header.headerRowIndex, cells: rows[header.headerRowIndex] ?? [] },
    numberedRows(rows, header.headerRowIndex + 1),
    header.mapping,
  );
  let body = joinContinuedDesignators(table.body, header.mapping);
  // The pieces of a cell split by unquoted commas are joined as written, spaces and all.
  const joinedPieces = (rowIndex: number, from: number, to: number) => cleanCell((grid.rawRows[rowIndex] ?? []).slice(from, to).join(','));
  if (grid.isText) body = realignOverflowRows(body, table.header.cells, header.mapping, joinedPieces);
  const width = widthOf([table.header.cells, ...body.map((row) => row.cells)]);
  return {
    headerRowIndex: table.header.rowIndex,
    headers: padRow(table.header.cells, width).map((cell, column) => cell || `列${column + 1}`),
    rows: body.map((row) => padRow(row.cells, width)),
    mapping: header.mapping,
    rowIndexes: body.map((row) => row.rowIndex),
    skippedRowIndexes: [],
  };
}

/**
 * No header found: the columns are guessed from the cells. A first row of words above columns of numbers and
 * part numbers ("Teil / Anzahl") is taken as a header in words we do not know; a board name alone above the
 * table is its title.
 */
function withoutHeader(rows: string[][]): ShapedSheet {
  const numbered = numberedRows(rows);
  const titles = titleRowsOf(numbered);
  const body = numbered.slice(titles.length);
  const width = widthOf(body.map((row) => row.cells));
  const padded = body.map((row) => padRow(row.cells, width));
  const [first = [], ...rest] = padded;
  const mapping = inferMappingFromContent(padded.slice(1));
  const skippedRowIndexes = titles.map((row) => row.rowIndex);
  if (rest.length > 0 && isUnknownHeaderRow(first, mapping)) {
    const headers = first.map((cell, column) => cell || `列${column + 1}`);
    return { headerRowIndex: body[0]?.rowIndex ?? -1, headers, rows: rest, mapping, rowIndexes: body.slice(1).map((row) => row.rowIndex), skippedRowIndexes };
  }
  return {
    headerRowIndex: -1,
    headers: Array.from({ length: width }, (_, column) => `列${column + 1}`),
    rows: padded,
    mapping: inferMappingFromContent(padded),
    rowIndexes: body.map((row) => row.rowIndex),
    skippedRowIndexes,
  };
}

/** Rows of one cell above a table whose rows have several: a board name, a project title. */
function titleRowsOf(rows: NumberedRow[]): NumberedRow[] {
  const filledCount = (row: NumberedRow) => row.cells.filter((cell) => cell !== '').length;
  const wide = rows.filter((row) => filledCount(row) >= 2).length;
  if (wide * 2 < rows.length) return [];
  const titles: NumberedRow[] = [];
  for (const row of rows) {
    if (filledCount(row) !== 1 || titles.length >= 3) break;
    titles.push(row);
  }
  return titles;
}

function skippedRowsWarning(rowIndexes: number[]): string {
  const shown = rowIndexes.slice(0, 30).map((index) => index + 1);
  const more = rowIndexes.length > shown.length ? ' 等' : '';
  return `已跳过 ${rowIndexes.length} 行非物料内容（合计、说明、标题等）：第 ${shown.join('、')}${more} 行`;
}

function isHeaderRepeat(row: string[], headers: string[]): boolean {
  return headers.every((header, column) => header === (row[column] ?? '') || /^列\d+$/.test(header));
}

/** Words where the rows below hold a quantity and part text, and nothing in the row reads as data. */
function isUnknownHeaderRow(row: string[], mapping: BomColumnMapping): boolean {
  const { quantity, designator } = mapping;
  if (!hasPartRole(mapping) || (quantity === undefined && designator === undefined)) return false;
  if (quantity !== undefined && (row[quantity] === '' || parseQuantityText(row[quantity] ?? '') !== null)) return false;
  return row.every((cell) => cell.length <= 40 && !looksLikeMpn(cell) && !looksLikeDesignators(cell) && parseQuantityText(cell) === null && !/\d/.test(cell));
}

function widthOf(rows: string[][]): number {
  let width = 1;
  for (const row of rows) {
    for (let column = Math.min(row.length, bomLimits.columnsMax) - 1; column >= width; column--) {
      if (row[column] !== '') {
        width = column + 1;
        break;
      }
    }
  }
  return width;
}

function padRow(row: string[], width: number): string[] {
  return Array.from({ length: width }, (_, column) => row[column] ?? '');
}

function isFilledRow(row: string[]): boolean {
  return row.some((cell) => cell !== '');
}

function cleanRow(row: string[]): string[] {
  return row.slice(0, bomLimits.columnsMax).map(cleanCell);
}

/** Control characters and line breaks inside a cell become spaces; trimmed; at most cellCharsMax UTF-16 units. */
export function cleanCell(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const cleaned = text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();
  if (cleaned.length <= bomLimits.cellCharsMax) return cleaned;
  const cut = cleaned.slice(0, bomLimits.cellCharsMax);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/** The request schemas take names of up to 200 characters: a longer file name keeps its start and extension. */
function shortName(name: string): string {
  if (name.length <= nameCharsMax) return name;
  const extension = /\.[A-Za-z0-9]{1,5}$/.exec(name)?.[0] ?? '';
  return name.slice(0, nameCharsMax - extension.length) + extension;
}
