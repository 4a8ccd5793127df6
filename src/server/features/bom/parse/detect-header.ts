import type { BomColumnMapping, BomColumnRole } from '../../../../contract/bom.ts';
import { looksLikeMpn, looksLikeParameters } from './cell-text.ts';
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
  for (let index = 0; index < Math.min(rows.length, headerScanRows); index++) {
    const score = headerScoreOf(rows[index] ?? []);
    if (score > 0 && (best === null || score > best.score)) best = { index, score };
  }
  if (best === null) return null;
  const mapping = mappingOfHeader(rows[best.index] ?? [], rows.slice(best.index + 1, best.index + 1 + sampleRowCount));
  return hasPartRole(mapping) ? { headerRowIndex: best.index, mapping } : null;
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
function headerScoreOf(row: string[]): number {
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

/** Each role to one column: the lowest rank first, a column that loses its role falls back to its next one. */
function mappingOfHeader(headers: string[], sample: string[][]): BomColumnMapping {
  const claims: Claim[] = [];
  headers.forEach((header, column) => {
    const synonym = synonymOf(header);
    if (synonym && synonym !== 'known') claims.push({ column, synonym: withContentRoles(synonym, columnOf(sample, column)) });
  });
  claims.sort((a, b) => a.synonym.rank - b.synonym.rank || a.column - b.column);
  const mapping: BomColumnMapping = {};
  for (const claim of claims) {
    const free = claim.synonym.roles.find((role) => mapping[role] === undefined);
    if (free) mapping[free] = claim.column;
  }
  return settleParameterColumns(mapping, sample);
}

/** Eagle's "Part" holds designators (R1), OrCAD's a value: the designator role only when the cells read as designators. */
function withContentRoles(synonym: HeaderSynonym, cells: string[]): HeaderSynonym {
  if (!synonym.roles.includes('designator') || synonym.roles.length === 1) return synonym;
  const reads = mostly(cells, looksLikeDesignators);
  return { ...synonym, roles: synonym.roles.filter((role) => role !== 'designator' || reads) };
}

/**
 * A hand-made sheet's 规格型号 often holds parameters ("10K ±1% 0603"), not part numbers: such a column is the value,
 * and a 名称 column that held the value ("贴片电阻") becomes the description.
 */
function settleParameterColumns(mapping: BomColumnMapping, sample: string[][]): BomColumnMapping {
  const mpnColumn = mapping.mpn;
  if (mpnColumn === undefined) return mapping;
  const cells = columnOf(sample, mpnColumn);
  const parameterCount = cells.filter(looksLikeParameters).length;
  if (parameterCount === 0 || parameterCount < cells.filter(looksLikeMpn).length || parameterCount * 2 < cells.length) return mapping;
  const settled: BomColumnMapping = { ...mapping, value: mpnColumn };
  delete settled.mpn;
  if (mapping.value !== undefined && mapping.description === undefined) settled.description = mapping.value;
  return settled;
}

export function columnOf(rows: string[][], column: number): string[] {
  return rows.map((row) => (row[column] ?? '').trim()).filter((cell) => cell !== '');
}

export function mostly(cells: string[], test: (cell: string) => boolean, share = 0.6): boolean {
  return cells.length > 0 && cells.filter(test).length >= cells.length * share;
}
