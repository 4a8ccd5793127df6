import type { BomColumnMapping, BomColumnRole } from '../../../../contract/bom.ts';
import { mostly, normalizeHeaderText } from './cell-text.ts';
import { correctFromContent } from './correct-mapping.ts';
import { looksLikeDesignators } from './designators.ts';
import { synonymOf, type HeaderSynonym } from './header-synonyms.ts';

/** Title and project rows sit above the header (an LCSC "BOM Quotation" has its header on row 6): look this far. */
export const headerScanRows = 30;
/** Rows below the header read to settle a column's role from its content. */
const sampleRowCount = 50;

const partRoles: readonly BomColumnRole[] = ['mpn', 'storeCode', 'value', 'description'];

export interface DetectedHeader {
  headerRowIndex: number;
  mapping: BomColumnMapping;
}

/** The header row among the first rows and the roles of its columns; null when no row reads as a BOM header. */
export function detectBomHeader(rows: string[][]): DetectedHeader | null {
  let best: { index: number; score: number } | null = null;
  for (const [index, row] of rows.slice(0, headerScanRows).entries()) {
    const score = headerScoreOf(row);
    if (score > 0 && (best === null || score > best.score)) best = { index, score };
  }
  if (best === null) return headerOfFewWords(rows);
  const mapping = mappingOf(rows, best.index);
  return hasPartRole(mapping) ? { headerRowIndex: best.index, mapping } : null;
}

/**
 * A row of one role word among index and unknown words ("Item, Designator, DigiKey, Cost, Number"): a header when
 * the columns' content names the part (Item holds "Capacitor 10uF", Number the counts).
 */
function headerOfFewWords(rows: string[][]): DetectedHeader | null {
  let best: DetectedHeader & { words: number } = { headerRowIndex: -1, mapping: {}, words: 0 };
  rows.slice(0, headerScanRows).forEach((row, index) => {
    const readings = row.filter((cell) => cell.trim() !== '').map((cell) => (cell.length > 40 ? null : synonymOf(cell)));
    const roles = readings.filter((reading) => reading !== null && reading !== 'known').length;
    const words = readings.filter((reading) => reading !== null).length;
    if (roles === 0 || words < 2 || words * 2 < readings.length || words <= best.words) return;
    const mapping = mappingOf(rows, index);
    if (hasPartRole(mapping)) best = { headerRowIndex: index, mapping, words };
  });
  return best.headerRowIndex < 0 ? null : { headerRowIndex: best.headerRowIndex, mapping: best.mapping };
}

export function mappingOf(rows: string[][], headerRowIndex: number): BomColumnMapping {
  return mappingOfHeader(rows[headerRowIndex] ?? [], rows.slice(headerRowIndex + 1, headerRowIndex + 1 + sampleRowCount));
}

/** A normalised key of a header row, to remember a member's corrected mapping for the next file like it. */
export function headerKeyOf(headers: string[]): string {
  return headers.map((header) => header.normalize('NFKC').trim().toLowerCase().replace(/\s+/g, ' ')).join('|');
}

export function hasPartRole(mapping: BomColumnMapping): boolean {
  return partRoles.some((role) => mapping[role] !== undefined);
}

/**
 * Two role headers, one of them naming the part, make a header; known words (序号, Datasheet) add weight.
 * One part header alone makes one too when every filled cell of the row is a header word (a pasted "型号" column).
 */
export function headerScoreOf(row: string[]): number {
  const roles = new Set<BomColumnRole>();
  let knownCount = 0;
  let namesPart = false;
  let unknownCount = 0;
  for (const cell of row) {
    if (cell.trim() === '') continue;
    const synonym = cell.length > 40 ? null : synonymOf(cell);
    if (synonym === 'known') knownCount++;
    else if (synonym) {
      roles.add(synonym.roles[0] ?? 'note');
      namesPart ||= synonym.roles.some((role) => partRoles.includes(role));
    } else unknownCount++;
  }
  if (!namesPart || roles.size === 0 || (roles.size === 1 && unknownCount > 0)) return 0;
  return roles.size * 2 + knownCount;
}

interface Claim {
  column: number;
  synonym: HeaderSynonym;
}

/** Each role to one column: the lowest rank first, a column that loses its role falls back to its next one; then the content has its say. */
function mappingOfHeader(row: string[], sample: string[][]): BomColumnMapping {
  const headers = row.slice(0, secondTableStart(row));
  const readings = headers.map((header) => synonymOf(header));
  const claims: Claim[] = [];
  readings.forEach((reading, column) => {
    if (reading && reading !== 'known') claims.push({ column, synonym: withContentRoles(reading, columnOf(sample, column)) });
  });
  claims.sort((a, b) => a.synonym.rank - b.synonym.rank || a.column - b.column);
  const mapping: BomColumnMapping = {};
  for (const claim of claims) {
    const free = claim.synonym.roles.find((role) => mapping[role] === undefined);
    if (free) mapping[free] = claim.column;
  }
  return correctFromContent(mapping, { headers, readings, cells: headers.map((_, column) => columnOf(sample, column)) });
}

/** Two tables side by side under one header row (电控 | 机械): the second starts where a header word repeats after empty cells. */
function secondTableStart(row: string[]): number {
  const seen = new Set<string>();
  let gap = false;
  for (const [column, cell] of row.entries()) {
    const key = normalizeHeaderText(cell);
    if (key === '') {
      gap ||= seen.size > 0;
      continue;
    }
    if (gap && seen.has(key)) return column;
    seen.add(key);
  }
  return row.length;
}

/** Eagle's "Part" holds designators (R1), OrCAD's a value: the designator role only when the cells read as designators. */
function withContentRoles(synonym: HeaderSynonym, cells: string[]): HeaderSynonym {
  if (!synonym.roles.includes('designator') || synonym.roles.length === 1) return synonym;
  const reads = mostly(cells, looksLikeDesignators);
  return { ...synonym, roles: synonym.roles.filter((role) => role !== 'designator' || reads) };
}

export function columnOf(rows: string[][], column: number): string[] {
  return rows.map((row) => (row[column] ?? '').trim()).filter((cell) => cell !== '');
}
