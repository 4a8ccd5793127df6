import type { BomColumnMapping, BomColumnRole, BomSheet } from '../../../../contract/bom.ts';
import { parseQuantityText } from './cell-text.ts';
import { expandDesignators, looksLikeDesignators } from './designators.ts';
import { synonymOf } from './header-synonyms.ts';

/**
 * Which rows below the header name a part. Real files carry much else there (issue 27): totals and the supplier
 * subtotals after them, notes, section titles, assembly-cost rows of a quotation, a tool's "Comment" placeholder
 * for a logo, a second header row.
 */

export type SheetPart = Pick<BomSheet, 'headers' | 'rows' | 'mapping'>;

const textRoles = ['mpn', 'storeCode', 'value', 'description'] as const satisfies readonly BomColumnRole[];

const totalRow = /^(?:合计|总计|小计|共计|总数|总价|total|grand\s*total|sub\s*total|sum)(?:\s|[:：(（]|\d|$)/i;
/** A grand total ends the parts: supplier subtotals, shipping and notes follow it. */
const grandTotalRow = /^(?:合计|总计|共计|总价|total|grand\s*total)(?:\s|[:：(（]|\d|$)/i;
const sectionTitle = /^(?:[一二三四五六七八九十]+|[IVX]+)\s*[、.．]\s*\S/;
const noteRow = /^(?:备注|注意|注|说明|附注|note|notes|remarks?|制表|审核|批准|编制|日期|prepared\s*by|approved\s*by|checked\s*by)\s*\d*\s*[:：、]/i;

/** Indexes into sheet.rows of the rows that name a part, in order; after a grand total, none until the header repeats. */
export function partRowIndexes(sheet: SheetPart): number[] {
  const indexes: number[] = [];
  let afterTotal = false;
  for (const [index, row] of sheet.rows.entries()) {
    if (indexes.length > 0 && grandTotalRow.test(firstFilled(row))) afterTotal = true;
    else if (isHeaderRepeat(row, sheet.headers)) afterTotal = false;
    else if (!afterTotal && isPartRow(row, sheet.mapping, sheet.headers)) indexes.push(index);
  }
  return indexes;
}

/** A row naming a part: some part text (or designators with a footprint), and none of the rows that only look like one. */
export function isPartRow(row: string[], mapping: BomColumnMapping, headers: string[]): boolean {
  const hasText = textRoles.some((role) => cellOf(row, mapping, role) !== '');
  const designators = cellOf(row, mapping, 'designator');
  // Eagle lists a board's parts with empty values: C1 on 0603-CAP is still a capacitor to buy.
  if (!hasText && !(cellOf(row, mapping, 'package') !== '' && looksLikeDesignators(designators))) return false;
  const filled = row.map((cell) => cell.trim()).filter((cell) => cell !== '');
  const first = filled[0] ?? '';
  if (totalRow.test(first) || noteRow.test(first)) return false;
  // "Component Count:", "Project info:" (KiBot's footer), "项目名称：": a label, not a part.
  if (/^[^:：]{1,30}[:：]$/.test(first)) return false;
  // A section title merged across the row ("一、贴片电阻" in every cell) or standing alone.
  if (filled.length >= 3 && filled.every((cell) => cell === first)) return false;
  if (filled.length === 1 && sectionTitle.test(first)) return false;
  return !isHeaderRepeat(row, headers) && !isPlaceholder(row, mapping) && !isCostLine(row, mapping) && !isMergedLabel(row, mapping);
}

function isHeaderRepeat(row: string[], headers: string[]): boolean {
  const named = headers.filter((header) => header.trim() !== '');
  return named.length >= 2 && headers.every((header, column) => header.trim() === (row[column] ?? '').trim());
}

/** Header words where the part should be ("Comment" for a logo, 名称 in a second header row), and no designator. */
function isPlaceholder(row: string[], mapping: BomColumnMapping): boolean {
  const texts = textRoles.map((role) => cellOf(row, mapping, role)).filter((cell) => cell !== '');
  const isHeaderWord = (cell: string) => {
    if (cell.length > 24 || /\d/.test(cell)) return false;
    const synonym = synonymOf(cell);
    return synonym !== null && synonym !== 'known';
  };
  return texts.length > 0 && texts.every(isHeaderWord) && expandDesignators(cellOf(row, mapping, 'designator')).length === 0;
}

/** A quotation's assembly charge (后焊焊点, 贴片) at quantity 0: no designator, no part number, no value. */
function isCostLine(row: string[], mapping: BomColumnMapping): boolean {
  const quantity = cellOf(row, mapping, 'quantity');
  if (quantity === '' || parseQuantityText(quantity) !== 0) return false;
  return cellOf(row, mapping, 'designator') === '' && cellOf(row, mapping, 'mpn') === '' && cellOf(row, mapping, 'value') === '';
}

/** A label merged across the part and quantity columns ("不包含CNC" above a subtotal). */
function isMergedLabel(row: string[], mapping: BomColumnMapping): boolean {
  const quantity = cellOf(row, mapping, 'quantity');
  if (quantity === '' || parseQuantityText(quantity) !== null) return false;
  return textRoles.some((role) => cellOf(row, mapping, role) === quantity);
}

export function cellOf(row: string[], mapping: BomColumnMapping, role: BomColumnRole): string {
  const column = mapping[role];
  return column === undefined ? '' : (row[column] ?? '').trim();
}

function firstFilled(row: string[]): string {
  return row.find((cell) => cell.trim() !== '')?.trim() ?? '';
}
