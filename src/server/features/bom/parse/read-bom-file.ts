import { bomErrors, bomFileExtensions, bomLimits, type BomSheet } from '../../../../contract/bom.ts';
import { AppError } from '../../../http/app-error.ts';
import { decodeTextBytes } from './decode-text.ts';
import { detectDelimiter, parseDelimited } from './delimited-text.ts';
import { fixedWidthRows } from './fixed-width-text.ts';
import { sheetOfGrids, sheetRowsMax } from './sheet-of-grids.ts';
import { workbookGrids, type SheetGrid } from './workbook-grid.ts';
import { assertZipWithinLimits } from './zip-guard.ts';
import { headerScanRows } from './detect-header.ts';

/**
 * Inflated parts of an .xlsx, all together: a 3,000-line BOM is a few megabytes of XML, and a zip bomb stops here.
 * Cells per sheet: 6,030 rows of 60 columns.
 */
const zipLimits = { inflatedBytesMax: 48 * 1024 * 1024, sheetRowsMax, sheetCellsMax: sheetRowsMax * bomLimits.columnsMax };

const zipMagic = [0x50, 0x4b, 0x03, 0x04];
const compoundFileMagic = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** An uploaded BOM (.xlsx, .xls, .csv, or tab-separated .txt) read into a BomSheet; AppError for anything else. */
export function readBomFile(fileName: string, bytes: Uint8Array): BomSheet {
  if (bytes.length === 0) throw new AppError(bomErrors.fileEmpty);
  if (bytes.length > bomLimits.fileBytesMax) throw new AppError(bomErrors.fileTooLarge);
  if (!(bomFileExtensions as readonly string[]).includes(extensionOf(fileName))) throw new AppError(bomErrors.fileType);
  return sheetOfGrids(fileName, gridsOf(bytes), bomErrors.fileEmpty);
}

function gridsOf(bytes: Uint8Array): SheetGrid[] {
  return readSheetGrids(bytes, { rowsMax: sheetRowsMax, zip: zipLimits });
}

export interface SheetReadLimits {
  /** Rows with content read per sheet; more marks the sheet truncated. */
  rowsMax: number;
  zip: Parameters<typeof assertZipWithinLimits>[1];
}

/**
 * Any spreadsheet's sheets as text grids, whatever the file's name: .xlsx/.xls by their bytes, an HTML or XML
 * "Excel" file, else CSV or tab-separated text in any encoding. Shared with the supplier price-list import.
 */
export function readSheetGrids(bytes: Uint8Array, limits: SheetReadLimits): SheetGrid[] {
  const readRowsMax = Math.max(limits.rowsMax + headerScanRows, 50_000);
  if (startsWith(bytes, zipMagic)) {
    assertZipWithinLimits(bytes, limits.zip);
    return workbookGrids(bytes, limits.rowsMax, readRowsMax);
  }
  if (startsWith(bytes, compoundFileMagic)) return workbookGrids(bytes, limits.rowsMax, readRowsMax);
  const text = decodeTextBytes(bytes);
  if (text === null) throw new AppError(bomErrors.fileUnreadable);
  // Many systems save an HTML table or Excel 2003 XML and call it .xls.
  if (/^\s*<(?:!doctype html|html|table|\?xml)/i.test(text.slice(0, 1000))) return workbookGrids(text, limits.rowsMax, readRowsMax);
  const delimited = parseDelimited(text, detectDelimiter(text), limits.rowsMax);
  // One cell a line: no delimiter at all; perhaps columns laid out with spaces (Eagle's partlist).
  const fixedWidth = isOneCellALine(delimited.rows) ? fixedWidthRows(text, limits.rowsMax) : null;
  if (fixedWidth) return [{ sheetName: '', ...fixedWidth }];
  return [{ sheetName: '', ...delimited, isText: true }];
}

function isOneCellALine(rows: string[][]): boolean {
  const filled = rows.filter((row) => row.some((cell) => cell.trim() !== ''));
  return filled.length > 0 && filled.filter((row) => row.filter((cell) => cell.trim() !== '').length === 1).length >= filled.length * 0.8;
}

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return prefix.every((byte, index) => bytes[index] === byte);
}
