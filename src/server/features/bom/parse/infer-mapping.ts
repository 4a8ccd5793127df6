import type { BomColumnMapping } from '../../../../contract/bom.ts';
import { looksLikeFootprint, looksLikeMpn, looksLikePackage, looksLikeParameters, mostly, parseQuantityText } from './cell-text.ts';
import { columnOf } from './detect-header.ts';
import { looksLikeDesignators } from './designators.ts';
import { isNotFittedText } from './not-fitted.ts';

/** Rows read to guess the columns of a sheet or paste without a header. */
const sampleRowCount = 200;

/**
 * The roles of a headerless sheet's columns, from what the cells hold: designator lists, packages, a column of
 * whole numbers (the quantity; a 1, 2, 3… column on the left is a row number), part numbers (mpn when every cell
 * reads as one) or other part text (value: "10k 0603 1%", or a mix that matching sorts out).
 */
export function inferMappingFromContent(rows: string[][]): BomColumnMapping {
  const sample = rows.slice(0, sampleRowCount);
  const width = Math.max(0, ...sample.map((row) => row.length));
  const columns = Array.from({ length: width }, (_, column) => columnOf(sample, column));
  const mapping: BomColumnMapping = {};
  const taken = new Set<number>();
  const take = (column: number | undefined, assign: (column: number) => void) => {
    if (column === undefined || column < 0) return;
    assign(column);
    taken.add(column);
  };
  const free = (test: (cells: string[], column: number) => boolean) =>
    columns.findIndex((cells, column) => !taken.has(column) && cells.length > 0 && test(cells, column));

  const integerColumns = columns.map((cells) => mostly(cells, (cell) => isWholeCount(cell), 0.8));
  const indexColumns = columns.map((cells, column) => integerColumns[column] === true && isIndexColumn(cells, column, integerColumns));
  indexColumns.forEach((isIndex, column) => isIndex && taken.add(column));
  take(
    free((cells) => mostly(cells, looksLikeDesignators)),
    (column) => (mapping.designator = column),
  );
  take(
    free((_, column) => integerColumns[column] === true),
    (column) => (mapping.quantity = column),
  );
  take(
    free((cells) => mostly(cells, looksLikePackage) || mostly(cells, looksLikeFootprint)),
    (column) => (mapping.package = column),
  );
  // DNP stands in a part-number column for the part left off: it is no evidence either way.
  take(
    free((cells) => mostly(withoutMarkers(cells), looksLikeMpn, 0.8)),
    (column) => (mapping.mpn = column),
  );
  take(
    free((cells) => cells.some((cell) => looksLikeParameters(cell) || looksLikeMpn(cell) || /[A-Za-z\u3400-\u9fff]/.test(cell))),
    (column) => (mapping.value = column),
  );
  // A second column of words ("贴片电容0603", "44-pin TQFP") says what the part is.
  take(
    free((cells) => mostly(cells, isWordy)),
    (column) => (mapping.description = column),
  );
  return mapping;
}

function withoutMarkers(cells: string[]): string[] {
  return cells.filter((cell) => !isNotFittedText(cell));
}

/** Words rather than a code or a rating: Chinese, or two words, and no parameter list. */
function isWordy(cell: string): boolean {
  return !looksLikeParameters(cell) && (/[\u3400-\u9fff]/.test(cell) || /[A-Za-z]{2,}\s+\S/.test(cell));
}

function isWholeCount(cell: string): boolean {
  const quantity = parseQuantityText(cell);
  return quantity !== null && Number.isInteger(quantity) && quantity < 10_000_000;
}

/** 1, 2, 3… from the top, or the leftmost of two whole-number columns: a row number, not a quantity. */
function isIndexColumn(cells: string[], column: number, integerColumns: boolean[]): boolean {
  const sequential = cells.length >= 2 && cells.every((cell, index) => parseQuantityText(cell) === index + 1);
  const laterInteger = integerColumns.some((isInteger, other) => other > column && isInteger);
  return (sequential && laterInteger) || (column === 0 && laterInteger);
}
