import { priceImportErrors, priceImportLimits, type PriceImportError, type PriceImportMapping, type PriceListRow } from '../../../contract/price-import.ts';
import { AppError } from '../../http/app-error.ts';
import { readSpreadsheetGrids } from '../bom/spreadsheet.service.ts';
import { detectPriceListHeader } from './price-list-header.ts';
import { priceListRowsOf } from './price-list-rows.ts';

export interface PriceListRead {
  sheetName: string;
  headerRowIndex: number;
  headers: string[];
  /** The first rows under the header as written, for the staff member to check the mapping against. */
  sampleRows: string[][];
  mapping: PriceImportMapping;
  rows: PriceListRow[];
  errors: PriceImportError[];
}

export interface ExplicitMapping {
  headerRowIndex: number;
  mapping: PriceImportMapping;
}

const sampleRowCount = 5;

/**
 * A supplier price list (.xlsx/.xls/.csv in UTF-8, GBK or UTF-16) read into rows: the header is found under any
 * title rows and its columns mapped automatically, unless the staff member passes the mapping.
 */
export function readPriceList(bytes: Uint8Array, explicit?: ExplicitMapping): PriceListRead {
  if (bytes.length === 0) throw new AppError(priceImportErrors.fileEmpty);
  if (bytes.length > priceImportLimits.fileBytesMax) throw new AppError(priceImportErrors.fileTooLarge);
  const grids = readSpreadsheetGrids(bytes, priceImportLimits.rowsMax + 30);
  const candidates = grids.map((grid) => ({ grid, detected: explicit ?? detectPriceListHeader(grid.rows) })).filter((candidate) => candidate.detected !== null);
  const chosen = candidates[0];
  if (!chosen?.detected) throw new AppError(priceImportErrors.noHeader);
  const { grid, detected } = chosen;
  if (grid.truncated || grid.rows.length - detected.headerRowIndex - 1 > priceImportLimits.rowsMax) {
    throw new AppError(priceImportErrors.tooManyRows);
  }
  const { rows, errors } = priceListRowsOf(grid.rows, detected.headerRowIndex, detected.mapping);
  return {
    sheetName: grid.sheetName,
    headerRowIndex: detected.headerRowIndex,
    headers: grid.rows[detected.headerRowIndex] ?? [],
    sampleRows: grid.rows.slice(detected.headerRowIndex + 1, detected.headerRowIndex + 1 + sampleRowCount),
    mapping: detected.mapping,
    rows,
    errors,
  };
}
