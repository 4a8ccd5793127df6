import type { BomColumnMapping } from '../../../../contract/bom.ts';
import { parseQuantityText } from './cell-text.ts';
import { looksLikeDesignators } from './designators.ts';
import type { NumberedRow } from './find-tables.ts';

/** Rows as the tools wrote them, put back together (issue 27). */

/** The sheet's filled rows from `from` on, each with its index in the sheet. */
export function numberedRows(rows: string[][], from = 0): NumberedRow[] {
  const numbered: NumberedRow[] = [];
  for (let index = from; index < rows.length; index++) {
    const cells = rows[index] ?? [];
    if (cells.some((cell) => cell !== '')) numbered.push({ rowIndex: index, cells });
  }
  return numbered;
}

/** OrCAD wraps a long Reference list onto the next row, which holds nothing else: it belongs to the row above. */
export function joinContinuedDesignators(body: NumberedRow[], mapping: BomColumnMapping): NumberedRow[] {
  const column = mapping.designator;
  if (column === undefined) return body;
  const joined: NumberedRow[] = [];
  for (const row of body) {
    const previous = joined[joined.length - 1];
    const text = (row.cells[column] ?? '').trim();
    const onlyDesignators = text !== '' && row.cells.every((cell, index) => index === column || cell.trim() === '');
    if (previous && onlyDesignators && looksLikeDesignators(text) && (previous.cells[column] ?? '').trim() !== '') {
      const cells = previous.cells.map((cell, index) => (index === column ? `${cell.trim().replace(/[,;，；、]$/, '')},${text}` : cell));
      joined[joined.length - 1] = { rowIndex: previous.rowIndex, cells };
      continue;
    }
    joined.push(row);
  }
  return joined;
}

/**
 * A CSV cell holding unquoted commas ("CAP CER 100NF, 50V, X7R") splits into more fields than the header has. The
 * pieces are joined back where the row then reads right (a number under the quantity, designators under the
 * designator), the rightmost such place first: a trailing note is the usual culprit.
 */
export function realignOverflowRows(
  body: NumberedRow[],
  header: string[],
  mapping: BomColumnMapping,
  joinedPieces: (rowIndex: number, from: number, to: number) => string,
): NumberedRow[] {
  const fields = header.length;
  const named = header.reduce((last, cell, index) => (cell.trim() === '' ? last : index + 1), 1);
  return body.map((row) => {
    const extra = row.cells.length - fields;
    const lastFilled = row.cells.reduce((last, cell, index) => (cell.trim() === '' ? last : index), -1);
    if (extra <= 0 || lastFilled < named || named < 2) return row;
    let best: { cells: string[]; score: number } | null = null;
    for (let start = fields - 1; start >= 0; start--) {
      const cells = [...row.cells.slice(0, start), joinedPieces(row.rowIndex, start, start + extra + 1), ...row.cells.slice(start + extra + 1)];
      const score = fitOf(cells, mapping);
      if (best === null || score > best.score) best = { cells, score };
    }
    return best ? { rowIndex: row.rowIndex, cells: best.cells } : row;
  });
}

function fitOf(cells: string[], mapping: BomColumnMapping): number {
  const quantity = mapping.quantity === undefined ? '' : (cells[mapping.quantity] ?? '').trim();
  const designators = mapping.designator === undefined ? '' : (cells[mapping.designator] ?? '').trim();
  return (quantity === '' || parseQuantityText(quantity) !== null ? 1 : 0) + (designators === '' || looksLikeDesignators(designators) ? 1 : 0);
}
