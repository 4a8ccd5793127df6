import { normalizeHeaderText } from './parse/cell-text.ts';
import { readSheetGrids } from './parse/read-bom-file.ts';
import type { SheetGrid } from './parse/workbook-grid.ts';

/**
 * The BOM tool's file reader for other spreadsheets (the supplier price-list import), in a service of its own so that
 * a worker thread reading a price list loads the reader and not the BOM tool's services (cart, catalogue, search).
 */

/** .xlsx/.xls/HTML "Excel"/CSV in any encoding as text grids, up to rowsMax rows of content per sheet, zip bombs refused. */
export function readSpreadsheetGrids(bytes: Uint8Array, rowsMax: number): SheetGrid[] {
  const columnsMax = 60;
  return readSheetGrids(bytes, {
    rowsMax,
    zip: { inflatedBytesMax: 400 * 1024 * 1024, sheetRowsMax: rowsMax + 100, sheetCellsMax: (rowsMax + 100) * columnsMax },
  });
}

/** A header cell as the BOM tool compares it with its synonyms (NFKC, lower case, no spaces or punctuation). */
export function normalizeSpreadsheetHeader(text: string): string {
  return normalizeHeaderText(text);
}
