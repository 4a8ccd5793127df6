import { bomErrors, bomLimits, type BomColumnMapping, type BomSheet } from '../../../../contract/bom.ts';
import type { ErrorDefinition } from '../../../../contract/errors.ts';
import { AppError } from '../../../http/app-error.ts';
import { countPartLines } from './bom-lines.ts';
import { looksLikeMpn, parseQuantityText } from './cell-text.ts';
import { looksLikeDesignators } from './designators.ts';
import { detectBomHeader, hasPartRole, headerScanRows, type DetectedHeader } from './detect-header.ts';
import { inferMappingFromContent } from './infer-mapping.ts';
import type { SheetGrid } from './workbook-grid.ts';

/** Rows read from a sheet: the header's search area and twice the part lines (title, note and empty rows ride along). */
export const sheetRowsMax = headerScanRows + bomLimits.partLinesMax * 2;

const nameCharsMax = 200;

/**
 * The BomSheet of a file or paste: the first sheet with a header (others named in a warning), or the first sheet
 * with content read without one; cells cleaned, empty rows dropped, rows as wide as the header.
 */
export function sheetOfGrids(fileName: string, grids: SheetGrid[], emptyError: ErrorDefinition): BomSheet {
  const columnsCut = grids.some(
    (grid) => grid.columnsCut === true || grid.rows.some((row) => row.slice(bomLimits.columnsMax).some((cell) => cell.trim() !== '')),
  );
  const filled = grids.map((grid) => ({ ...grid, rows: grid.rows.map(cleanRow) })).filter((grid) => grid.rows.some(isFilledRow));
  const first = filled[0];
  if (!first) throw new AppError(emptyError);
  let chosen: { grid: SheetGrid; header: DetectedHeader | null } = { grid: first, header: null };
  for (const grid of filled) {
    const header = detectBomHeader(grid.rows);
    if (header) {
      chosen = { grid, header };
      break;
    }
  }
  if (chosen.grid.truncated) throw new AppError(bomErrors.tooManyLines);
  const warnings = filled.filter((grid) => grid !== chosen.grid).map((grid) => `工作表“${grid.sheetName}”未读取，仅读取了“${chosen.grid.sheetName}”`);
  const shaped = chosen.header ? withHeader(chosen.grid.rows, chosen.header) : withoutHeader(chosen.grid.rows);
  if (!chosen.header)
    warnings.push(shaped.headerRowIndex < 0 ? '未识别到表头，已按内容推断各列，请核对列对应关系' : '表头中的列名未能识别，已按内容推断各列，请核对列对应关系');
  if (columnsCut) warnings.push(`仅读取前 ${bomLimits.columnsMax} 列，之后的列未读取`);
  if (shaped.rows.length > bomLimits.partLinesMax * 2) throw new AppError(bomErrors.tooManyLines);
  const partLineCount = countPartLines(shaped);
  if (partLineCount > bomLimits.partLinesMax) throw new AppError(bomErrors.tooManyLines);
  if (partLineCount === 0) throw new AppError(emptyError);
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
}

function withHeader(rows: string[][], header: DetectedHeader): ShapedSheet {
  const headerRow = rows[header.headerRowIndex] ?? [];
  const body = rows.slice(header.headerRowIndex + 1).filter(isFilledRow);
  const width = widthOf([headerRow, ...body]);
  return {
    headerRowIndex: header.headerRowIndex,
    headers: padRow(headerRow, width).map((cell, column) => cell || `列${column + 1}`),
    rows: body.map((row) => padRow(row, width)),
    mapping: header.mapping,
  };
}

/**
 * No header found: the columns are guessed from the cells. A first row of words above columns of numbers and
 * part numbers ("Teil / Anzahl") is taken as a header in words we do not know.
 */
function withoutHeader(rows: string[][]): ShapedSheet {
  const firstIndex = rows.findIndex(isFilledRow);
  const body = rows.filter(isFilledRow);
  const width = widthOf(body);
  const padded = body.map((row) => padRow(row, width));
  const mapping = inferMappingFromContent(padded.slice(1));
  const [first = [], ...rest] = padded;
  if (rest.length > 0 && isUnknownHeaderRow(first, mapping)) {
    return { headerRowIndex: firstIndex, headers: first.map((cell, column) => cell || `列${column + 1}`), rows: rest, mapping };
  }
  return {
    headerRowIndex: -1,
    headers: Array.from({ length: width }, (_, column) => `列${column + 1}`),
    rows: padded,
    mapping: inferMappingFromContent(padded),
  };
}

/** Words where the rows below hold a quantity and part text, and nothing in the row reads as data. */
function isUnknownHeaderRow(row: string[], mapping: BomColumnMapping): boolean {
  const { quantity } = mapping;
  if (quantity === undefined || !hasPartRole(mapping) || row[quantity] === '' || parseQuantityText(row[quantity] ?? '') !== null) return false;
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
