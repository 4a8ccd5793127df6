import * as XLSX from '@e965/xlsx';
import type { PriceImportError } from '../../../contract/price-import.ts';
import { inertCellText } from '../../../contract/spreadsheet-text.ts';

const reportHeader = ['行号', '列', '原因'];

function csvField(text: string): string {
  const safe = inertCellText(text);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A sheet as UTF-8 CSV with a byte-order mark (Excel on Chinese Windows reads it as UTF-8) or an .xlsx workbook. */
function tableReport(sheetName: string, header: readonly string[], rows: readonly (readonly (string | number)[])[], format: 'csv' | 'xlsx'): Uint8Array {
  if (format === 'csv') {
    const lines = [header.join(','), ...rows.map((row) => row.map((cell) => (typeof cell === 'number' ? String(cell) : csvField(cell))).join(','))];
    return new TextEncoder().encode(`\uFEFF${lines.join('\r\n')}\r\n`);
  }
  const sheet = XLSX.utils.aoa_to_sheet([[...header], ...rows.map((row) => [...row])]);
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, sheet, sheetName);
  return new Uint8Array(XLSX.write(workbook, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer);
}

/**
 * The downloadable error report: one line per error (row as numbered in the file, column, reason in Chinese), as
 * UTF-8 CSV with a byte-order mark (Excel on Chinese Windows reads it as UTF-8) or as an .xlsx workbook.
 */
export function priceImportErrorReport(errors: readonly PriceImportError[], format: 'csv' | 'xlsx'): Uint8Array {
  return tableReport(
    '错误报告',
    reportHeader,
    errors.map((error) => [error.row, error.column, error.reason]),
    format,
  );
}

/** The rollback report: one line per part left alone (or with its stock kept): file row, part number, store id, reason. */
export function priceImportRollbackReport(
  lines: readonly { rowNumber: number | null; code: string; productId: number; reason: string }[],
  format: 'csv' | 'xlsx',
): Uint8Array {
  return tableReport(
    '回滚报告',
    ['行号', '型号', '商品ID', '原因'],
    lines.map((line) => [line.rowNumber ?? '', line.code, line.productId, line.reason]),
    format,
  );
}
