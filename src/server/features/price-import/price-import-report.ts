import * as XLSX from '@e965/xlsx';
import type { PriceImportError } from '../../../contract/price-import.ts';

const reportHeader = ['行号', '列', '原因'];

function csvField(text: string): string {
  // A leading = + - @ would run as a formula when Excel opens the report.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The downloadable error report: one line per error (row as numbered in the file, column, reason in Chinese), as
 * UTF-8 CSV with a byte-order mark (Excel on Chinese Windows reads it as UTF-8) or as an .xlsx workbook.
 */
export function priceImportErrorReport(errors: readonly PriceImportError[], format: 'csv' | 'xlsx'): Uint8Array {
  if (format === 'csv') {
    const lines = [reportHeader.join(','), ...errors.map((error) => [String(error.row), csvField(error.column), csvField(error.reason)].join(','))];
    return new TextEncoder().encode(`\uFEFF${lines.join('\r\n')}\r\n`);
  }
  const sheet = XLSX.utils.aoa_to_sheet([reportHeader, ...errors.map((error) => [error.row, error.column, error.reason])]);
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, sheet, '错误报告');
  return new Uint8Array(XLSX.write(workbook, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer);
}
