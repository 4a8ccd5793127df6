import { bomErrors, type BomSheet } from '../../../../contract/bom.ts';
import { AppError } from '../../../http/app-error.ts';
import { parseQuantityText } from './cell-text.ts';
import { detectDelimiter, parseDelimited, type DelimitedRows } from './delimited-text.ts';
import { sheetOfGrids, sheetRowsMax } from './sheet-of-grids.ts';

/**
 * Pasted text read into a BomSheet: cells copied from Excel (tabs), CSV lines, or bare lines such as
 * `STM32F103C8T6 10` and `10k 0603 1% 20` (the last number on a line is its quantity). With or without a header.
 */
export function readBomText(text: string): BomSheet {
  if (text.trim() === '') throw new AppError(bomErrors.pasteEmpty);
  const normalized = text.includes('\t')
    ? text.replace(/^\uFEFF/, '')
    : text
        .replace(/^\uFEFF/, '')
        .replace(/，/g, ',')
        .replace(/；/g, ';');
  const { rows, truncated } = hasDelimiters(normalized) ? parseDelimited(normalized, detectDelimiter(normalized), sheetRowsMax) : bareLineRows(normalized);
  return sheetOfGrids('', [{ sheetName: '粘贴内容', rows, truncated }], bomErrors.pasteEmpty);
}

/** Tabs, or commas / semicolons on most lines (not the thousands comma of "1,000"). */
function hasDelimiters(text: string): boolean {
  const lines = text.split(/\r\n|\n|\r/).filter((line) => line.trim() !== '');
  if (lines.some((line) => line.includes('\t'))) return true;
  const withSeparator = lines.filter((line) => /;|,(?!\d{3}\b)/.test(line)).length;
  return withSeparator >= Math.ceil(lines.length / 2);
}

/** `10k 0603 1% 20` → [`10k 0603 1%`, `20`]; a line without a trailing quantity stays one cell. */
function bareLineRows(text: string): DelimitedRows {
  const lines = text.split(/\r\n|\n|\r/).filter((line) => line.trim() !== '');
  const rows = lines.slice(0, sheetRowsMax).map((line) => {
    const trimmed = line.trim();
    const match = /^(.*\S)\s+(\d[\d,]*(?:\.\d+)?\s*(?:pcs|pc|ea|个|只|颗|片)?)$/i.exec(trimmed);
    if (match?.[1] && match[2] && parseQuantityText(match[2]) !== null) return [match[1], match[2]];
    return [trimmed];
  });
  return { rows, truncated: lines.length > sheetRowsMax };
}
