import type { BomColumnMapping } from '../../../../contract/bom.ts';
import { detectBomHeader, hasPartRole, headerScanRows, headerScoreOf, mappingOf, type DetectedHeader } from './detect-header.ts';
import { expandDesignators } from './designators.ts';

/**
 * Which table of a sheet is the BOM (issue 27). A hand-made sheet lists the machine's screws first and the PCBA's
 * parts below a better header; KiCad 5's grouped-by-value plugin writes "Individual Components" and then
 * "Collated Components", the same parts twice.
 */

/** The sheet's header: the first one found, or a later one that names more roles (a second, fuller table). */
export function bomHeaderOf(rows: string[][]): DetectedHeader | null {
  const first = detectBomHeader(rows);
  if (!first) return null;
  const firstScore = headerScoreOf(rows[first.headerRowIndex] ?? []);
  for (let index = Math.max(first.headerRowIndex + 1, headerScanRows); index < rows.length; index++) {
    const row = rows[index] ?? [];
    // A part row holds a number or a designator somewhere; a header row holds neither.
    if (row.some((cell) => /\d/.test(cell) && cell.length < 12) || headerScoreOf(row) <= firstScore) continue;
    const mapping = mappingOf(rows, index);
    if (hasPartRole(mapping)) return { headerRowIndex: index, mapping };
  }
  return first;
}

export interface NumberedRow {
  /** The row's 0-based index in the sheet. */
  rowIndex: number;
  cells: string[];
}

/**
 * Of a per-part table and a grouped table of the same designators under one repeated header, the grouped one;
 * the body otherwise unchanged. Two boards' tables (different designators) are both kept.
 */
export function oneTableOfSameParts(header: NumberedRow, body: NumberedRow[], mapping: BomColumnMapping): { header: NumberedRow; body: NumberedRow[] } {
  const column = mapping.designator;
  const repeat = body.findIndex((row) => sameCells(row.cells, header.cells));
  if (column === undefined || repeat < 0 || body.slice(repeat + 1).some((row) => sameCells(row.cells, header.cells))) return { header, body };
  const designatorsOf = (rows: NumberedRow[]) => rows.flatMap((row) => expandDesignators(row.cells[column] ?? ''));
  const first = designatorsOf(body.slice(0, repeat));
  const second = designatorsOf(body.slice(repeat + 1));
  if (first.length === 0 || !sameSet(first, second)) return { header, body };
  // The grouped table has fewer rows than the per-part one.
  const keepFirst = repeat < body.length - 1 - repeat;
  return keepFirst ? { header, body: body.slice(0, repeat) } : { header: body[repeat] ?? header, body: body.slice(repeat + 1) };
}

function sameCells(row: string[], header: string[]): boolean {
  const named = header.filter((cell) => cell.trim() !== '');
  return named.length >= 2 && header.every((cell, column) => cell.trim() === (row[column] ?? '').trim());
}

function sameSet(a: string[], b: string[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((item) => right.has(item));
}
