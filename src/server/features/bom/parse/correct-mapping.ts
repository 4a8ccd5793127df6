import type { BomColumnMapping } from '../../../../contract/bom.ts';
import {
  hasChinese,
  looksLikeDistributorCode,
  looksLikeFootprint,
  looksLikeMpn,
  looksLikeParameters,
  looksLikeStoreCode,
  looksLikeUrl,
  mostly,
  normalizeHeaderText,
  parseQuantityText,
} from './cell-text.ts';
import { looksLikeDesignators } from './designators.ts';
import type { HeaderSynonym } from './header-synonyms.ts';
import { isNotFittedText } from './not-fitted.ts';

/**
 * A header that lies, corrected from what its column holds (issue 27): real exports title a column of values
 * "型号", footprints "Part Description", part numbers "Reference", links "Comment"; and leave the part text
 * under words no table knows ("Example Part", "项目", "Item").
 */

/** What a header cell said: a synonym, a known non-role word (序号, Datasheet), or nothing known. */
export type HeaderReading = HeaderSynonym | 'known' | null;

interface Columns {
  headers: string[];
  readings: HeaderReading[];
  /** Filled cells of each column in the rows below the header. */
  cells: string[][];
}

export function correctFromContent(mapping: BomColumnMapping, columns: Columns): BomColumnMapping {
  const corrected = preferPartNumberColumn(settleParameterColumn({ ...mapping }, columns), columns);
  recoverDesignatorColumn(corrected, columns);
  recoverPartNumberColumn(corrected, columns);
  moveFootprintsToPackage(corrected, columns);
  dropForeignStoreCodes(corrected, columns);
  moveLinksToNote(corrected, columns);
  takeUnnamedPartText(corrected, columns);
  takeCountColumn(corrected, columns);
  return corrected;
}

const partCells = (cells: string[]) => cells.filter((cell) => !isNotFittedText(cell) && !/^[-—–/]+$/.test(cell));

/**
 * A 型号 or Manufacturer Part column where part numbers are the minority, the rest values ("10K ±1%", "30pf")
 * and names ("贴片电阻"), is the value; the 名称 column that held the value then becomes the description.
 */
function settleParameterColumn(mapping: BomColumnMapping, { cells }: Columns): BomColumnMapping {
  const column = mapping.mpn;
  if (column === undefined) return mapping;
  const filled = partCells(cells[column] ?? []);
  const partNumbers = filled.filter(looksLikeMpn).length;
  const valuesAndNames = filled.filter((cell) => looksLikeParameters(cell) || hasChinese(cell) || !/\d/.test(cell)).length;
  if (filled.length === 0 || partNumbers * 2 >= filled.length || valuesAndNames < partNumbers || valuesAndNames === 0) return mapping;
  const settled: BomColumnMapping = { ...mapping, value: column };
  delete settled.mpn;
  if (mapping.value !== undefined && mapping.description === undefined) settled.description = mapping.value;
  return settled;
}

/**
 * Two 型号 columns (the designer's and JLC's matched one): the one holding part numbers is the part number, the
 * other, of names and values, the value.
 */
function preferPartNumberColumn(mapping: BomColumnMapping, columns: Columns): BomColumnMapping {
  const column = mapping.mpn;
  if (column === undefined || mapping.value !== undefined) return mapping;
  const share = (candidate: number) => {
    const filled = partCells(columns.cells[candidate] ?? []);
    return filled.length === 0 ? 0 : filled.filter((cell) => looksLikeMpn(cell) && !looksLikeDistributorCode(cell)).length / filled.length;
  };
  const better = freeColumns(mapping, columns).find((candidate) => {
    const reading = columns.readings[candidate];
    return reading && reading !== 'known' && reading.roles.includes('mpn') && share(candidate) >= 0.7 && share(candidate) > share(column) + 0.2;
  });
  return better === undefined ? mapping : { ...mapping, value: column, mpn: better };
}

/** A column of designators under another name ("Comment" in a hand-edited Altium export) is the designator. */
function recoverDesignatorColumn(mapping: BomColumnMapping, columns: Columns): void {
  if (mapping.designator !== undefined) return;
  const isDesignators = (column: number | undefined) => column !== undefined && mostly(columns.cells[column] ?? [], looksLikeDesignators, 0.8);
  const unknown = freeColumns(mapping, columns).filter((column) => columns.readings[column] === null);
  if (isDesignators(mapping.value)) {
    mapping.designator = mapping.value;
    delete mapping.value;
  } else if (isDesignators(mapping.description)) {
    mapping.designator = mapping.description;
    delete mapping.description;
  } else {
    const column = unknown.find(isDesignators);
    if (column !== undefined) mapping.designator = column;
  }
}

/**
 * With no part-number column left, a column of part numbers under a part-number or designator header that lost its
 * role ("Reference" beside "Designator") or under no header at all is the part number.
 */
function recoverPartNumberColumn(mapping: BomColumnMapping, columns: Columns): void {
  if (mapping.mpn !== undefined) return;
  const column = freeColumns(mapping, columns).find((candidate) => {
    const reading = columns.readings[candidate];
    const unnamed = (columns.headers[candidate] ?? '').trim() === '';
    if (!unnamed && !(reading && reading !== 'known' && (reading.roles.includes('mpn') || reading.roles.includes('designator')))) return false;
    const filled = partCells(columns.cells[candidate] ?? []);
    return filled.length > 0 && mostly(filled, (cell) => looksLikeMpn(cell) && !looksLikeDistributorCode(cell), 0.8);
  });
  if (column !== undefined) mapping.mpn = column;
}

/** A "description" of footprints (CAP_SMD_0805, TQFP-64, HDR2X16) is the package column. */
function moveFootprintsToPackage(mapping: BomColumnMapping, columns: Columns): void {
  const column = mapping.description;
  if (column === undefined || mapping.package !== undefined) return;
  if (!mostly(columns.cells[column] ?? [], looksLikeFootprint, 0.7)) return;
  mapping.package = column;
  delete mapping.description;
}

/** A "Supplier Part" column of Mouser or DigiKey numbers is not the store's code (C25804 or a product number). */
function dropForeignStoreCodes(mapping: BomColumnMapping, columns: Columns): void {
  const column = mapping.storeCode;
  if (column === undefined || !normalizeHeaderText(columns.headers[column] ?? '').startsWith('supplier')) return;
  const filled = columns.cells[column] ?? [];
  if (filled.length > 0 && !mostly(filled, looksLikeStoreCode, 0.5)) delete mapping.storeCode;
}

/** A column of links ("Comment" holding shop URLs) names no part: it is kept as the note. */
function moveLinksToNote(mapping: BomColumnMapping, columns: Columns): void {
  const isLinks = (column: number | undefined) => column !== undefined && mostly(columns.cells[column] ?? [], looksLikeUrl, 0.6);
  const links = [mapping.value, mapping.description].filter(isLinks);
  if (isLinks(mapping.value)) delete mapping.value;
  if (isLinks(mapping.description)) delete mapping.description;
  if (links[0] !== undefined) mapping.note ??= links[0];
}

/** Index words (序号, Item, No.) and words no table knows, over varied part text: the value, else the description. */
function takeUnnamedPartText(mapping: BomColumnMapping, columns: Columns): void {
  for (const column of freeColumns(mapping, columns)) {
    const free = mapping.value === undefined ? 'value' : mapping.description === undefined ? 'description' : null;
    if (free === null) return;
    const reading = columns.readings[column];
    if (reading !== null && !(reading === 'known' && isIndexHeader(columns.headers[column] ?? ''))) continue;
    if ((columns.headers[column] ?? '').trim() === '') continue;
    if (isPartText(columns.cells[column] ?? [])) mapping[free] = column;
  }
}

function isPartText(cells: string[]): boolean {
  if (cells.length === 0 || new Set(cells).size * 2 < cells.length) return false;
  const text = (cell: string) => /[A-Za-z\u3400-\u9fff]/.test(cell) && parseQuantityText(cell) === null;
  const foreign = (cell: string) => looksLikeUrl(cell) || looksLikeDistributorCode(cell) || looksLikeDesignators(cell);
  return mostly(cells, text) && !mostly(cells, foreign, 0.5);
}

/** "Number" or "No." over counts that are not a running 1, 2, 3: the quantity, when no column is named for it. */
function takeCountColumn(mapping: BomColumnMapping, columns: Columns): void {
  if (mapping.quantity !== undefined) return;
  const column = freeColumns(mapping, columns).find((candidate) => {
    if (columns.readings[candidate] !== 'known' || !isIndexHeader(columns.headers[candidate] ?? '')) return false;
    const counts = (columns.cells[candidate] ?? []).map(parseQuantityText);
    const isRunning = counts.every((count, index) => count === index + 1);
    return counts.length >= 2 && counts.every((count) => count !== null && Number.isInteger(count)) && !isRunning;
  });
  if (column !== undefined) mapping.quantity = column;
}

function isIndexHeader(header: string): boolean {
  return /^(?:no|number|item|index|#|序号|编号|项次|行号)\.?$/i.test(header.trim());
}

function freeColumns(mapping: BomColumnMapping, columns: Columns): number[] {
  const taken = new Set(Object.values(mapping));
  return columns.headers.map((_, column) => column).filter((column) => !taken.has(column));
}
