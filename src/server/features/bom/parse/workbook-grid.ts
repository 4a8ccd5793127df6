import * as XLSX from '@e965/xlsx';
import { bomErrors, bomLimits } from '../../../../contract/bom.ts';
import { AppError } from '../../../http/app-error.ts';

/** One sheet as text: every row from the top (row indexes are the sheet's), merged cells filled. */
export interface SheetGrid {
  sheetName: string;
  rows: string[][];
  /** Rows past the reading limit were left unread. */
  truncated: boolean;
  /** Columns past bomLimits.columnsMax were left unread. */
  columnsCut?: boolean;
  /** Delimited text: a row longer than the header is a cell split by unquoted commas. */
  isText?: boolean;
}

/** Rows SheetJS is asked to read of one sheet: enough for a BOM among a template's bordered empty rows. */
const sheetReadRowsMax = 50_000;
/** Empty rows before the reading cut that show the sheet's text ended there. */
const filledNearCut = 1000;

/**
 * The sheets of an .xlsx, .xls or HTML/XML "Excel" file, each cell as Excel displays it. Formulas are never
 * read (cellFormula: false): a formula cell gives its cached value. Trailing empty rows are dropped; a sheet
 * with more than rowsMax rows of content, or longer than SheetJS was asked to read, is marked truncated.
 */
export function workbookGrids(input: Uint8Array | string, rowsMax: number, readRowsMax = sheetReadRowsMax): SheetGrid[] {
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(input, {
      type: typeof input === 'string' ? 'string' : 'array',
      // HTML and XML "Excel" files: keep "0603" as text, do not guess numbers and dates.
      raw: typeof input === 'string',
      dense: true,
      sheetRows: readRowsMax,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      cellDates: false,
      bookVBA: false,
    });
  } catch {
    throw new AppError(bomErrors.fileUnreadable);
  }
  if (workbook.SheetNames.length === 0) throw new AppError(bomErrors.fileUnreadable);
  return workbook.SheetNames.map((sheetName) => {
    const sheet = workbook.Sheets[sheetName];
    const { rows, columnsCut } = sheet ? gridOf(sheet) : { rows: [], columnsCut: false };
    // A sheet formatted down to row 1,048,576 is cut at readRowsMax, but its extent is its filled cells: it is cut
    // short only when text still ran near the cut.
    const cutShort = sheet !== undefined && (sheet as Record<string, unknown>)['!fullref'] !== undefined && rows.length > readRowsMax - filledNearCut;
    return { sheetName, rows, truncated: rows.filter(isFilledRow).length > rowsMax || cutShort, columnsCut };
  });
}

function gridOf(sheet: XLSX.WorkSheet): { rows: string[][]; columnsCut: boolean } {
  const reference = sheet['!ref'];
  if (!reference) return { rows: [], columnsCut: false };
  const range = XLSX.utils.decode_range(reference);
  const firstColumn = range.s.c;
  const width = Math.min(range.e.c - firstColumn + 1, bomLimits.columnsMax);
  const data = (sheet as XLSX.DenseSheet)['!data'] as (XLSX.CellObject[] | undefined)[] | undefined;
  const rows: string[][] = [];
  let columnsCut = false;
  for (let rowIndex = 0; rowIndex <= Math.min(range.e.r, (data?.length ?? 0) - 1); rowIndex++) {
    const cells = data?.[rowIndex];
    const row: string[] = [];
    for (let column = 0; column < width; column++) row.push(cellText(cells?.[firstColumn + column]));
    rows.push(row);
    columnsCut ||= (cells?.slice(firstColumn + width) ?? []).some((cell) => cellText(cell).trim() !== '');
  }
  fillMerges(rows, sheet['!merges'] ?? [], firstColumn);
  while (rows.length > 0 && !isFilledRow(rows[rows.length - 1] ?? [])) rows.pop();
  return { rows, columnsCut };
}

function isFilledRow(row: string[]): boolean {
  return row.some((cell) => cell.trim() !== '');
}

function cellText(cell: XLSX.CellObject | undefined): string {
  if (!cell || cell.t === 'z') return '';
  if (cell.w !== undefined) return cell.w;
  if (cell.v === undefined) return '';
  return cell.v instanceof Date ? cell.v.toISOString().slice(0, 10) : String(cell.v);
}

/** A merged range reads, as a person reads it, as its top-left value in every cell. */
function fillMerges(rows: string[][], merges: XLSX.Range[], firstColumn: number): void {
  for (const merge of merges) {
    const value = rows[merge.s.r]?.[merge.s.c - firstColumn];
    if (value === undefined || value === '') continue;
    const lastRow = Math.min(merge.e.r, rows.length - 1);
    for (let rowIndex = merge.s.r; rowIndex <= lastRow; rowIndex++) {
      const row = rows[rowIndex];
      if (!row) continue;
      const lastColumn = Math.min(merge.e.c - firstColumn, row.length - 1);
      for (let column = Math.max(0, merge.s.c - firstColumn); column <= lastColumn; column++) row[column] = value;
    }
  }
}
