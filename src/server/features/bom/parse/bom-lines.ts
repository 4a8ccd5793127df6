import type { BomColumnMapping, BomColumnRole, BomLineInput, BomLineQuery, BomQuantityOptions, BomSheet } from '../../../../contract/bom.ts';
import { normalizePartNumber } from '../../../../contract/part-number.ts';
import { parseQuantityText } from './cell-text.ts';
import { designatorExpansionMax, expandDesignators } from './designators.ts';
import { isNotFittedRow } from './not-fitted.ts';

type SheetPart = Pick<BomSheet, 'headers' | 'rows' | 'mapping'>;

/** A line before numbering: what one row (or several merged rows) asks for. */
interface LineDraft {
  sourceRows: number[];
  query: BomLineQuery;
  designators: string[];
  quantityPerBoard: number;
  isNotFitted: boolean;
  notes: string[];
}

const queryRoles = ['mpn', 'storeCode', 'value', 'description', 'package', 'brand'] as const satisfies readonly (keyof BomLineQuery & BomColumnRole)[];

/** The BOM's lines: one per part row (title, total, note and empty rows skipped), numbered from 1, merged when asked. */
export function bomLinesOf(sheet: SheetPart, options: BomQuantityOptions): BomLineInput[] {
  const drafts: LineDraft[] = [];
  sheet.rows.forEach((row, index) => {
    if (isPartRow(row, sheet.mapping, sheet.headers)) drafts.push(draftOf(row, index, sheet));
  });
  const lines = options.mergeDuplicates ? mergeDuplicateDrafts(drafts) : drafts;
  return lines.map((draft, index) => ({
    lineNo: index + 1,
    sourceRows: draft.sourceRows,
    query: draft.query,
    designators: draft.designators,
    quantityPerBoard: draft.quantityPerBoard,
    requiredQuantity: draft.isNotFitted ? 0 : requiredQuantityOf(draft.quantityPerBoard, options),
    isNotFitted: draft.isNotFitted,
    notes: draft.notes,
  }));
}

/** Rows that name a part: what bomLimits.partLinesMax counts. */
export function countPartLines(sheet: SheetPart): number {
  return sheet.rows.filter((row) => isPartRow(row, sheet.mapping, sheet.headers)).length;
}

/** per board × boards × (1 + spare %), rounded up, in whole percent so that 100 × 110 % is 110, not 111. */
export function requiredQuantityOf(quantityPerBoard: number, options: Pick<BomQuantityOptions, 'boards' | 'sparePercent'>): number {
  const hundredths = Math.round(quantityPerBoard * options.boards * (100 + options.sparePercent) * 1e6) / 1e6;
  return Math.ceil(hundredths / 100);
}

const totalRow = /^(?:合计|总计|小计|共计|总数|总价|total|grand\s*total|sub\s*total|sum)(?:\s|[:：(（]|\d|$)/i;
const sectionTitle = /^(?:[一二三四五六七八九十]+|[IVX]+)\s*[、.．]\s*\S/;
const noteRow = /^(?:备注|注意|注|说明|附注|note|notes|remarks?|制表|审核|批准|编制|日期|prepared\s*by|approved\s*by|checked\s*by)\s*\d*\s*[:：、]/i;

/** A row naming a part: some part text, and not a total, note or repeated header row. */
export function isPartRow(row: string[], mapping: BomColumnMapping, headers: string[]): boolean {
  if (!queryRoles.slice(0, 4).some((role) => cellOf(row, mapping, role) !== '')) return false;
  const filled = row.map((cell) => cell.trim()).filter((cell) => cell !== '');
  const first = filled[0] ?? '';
  if (totalRow.test(first) || noteRow.test(first)) return false;
  // "Component Count:", "Project info:" (KiBot's footer), "项目名称：": a label, not a part.
  if (/^[^:：]{1,30}[:：]$/.test(first)) return false;
  // A section title merged across the row ("一、贴片电阻" in every cell) or standing alone.
  if (filled.length >= 3 && filled.every((cell) => cell === first)) return false;
  if (filled.length === 1 && sectionTitle.test(first)) return false;
  return !isHeaderRepeat(row, headers);
}

function isHeaderRepeat(row: string[], headers: string[]): boolean {
  const named = headers.filter((header) => header.trim() !== '');
  return named.length >= 2 && headers.every((header, column) => header.trim() === (row[column] ?? '').trim());
}

export function cellOf(row: string[], mapping: BomColumnMapping, role: BomColumnRole): string {
  const column = mapping[role];
  return column === undefined ? '' : (row[column] ?? '').trim();
}

function draftOf(row: string[], index: number, sheet: SheetPart): LineDraft {
  const cell = (role: BomColumnRole) => cellOf(row, sheet.mapping, role);
  const query: BomLineQuery = {
    mpn: cell('mpn'),
    storeCode: cell('storeCode'),
    value: cell('value'),
    description: cell('description'),
    package: cell('package'),
    brand: cell('brand'),
  };
  const designatorText = cell('designator');
  const designators = designatorText === '' ? [] : expandDesignators(designatorText);
  const notes: string[] = [];
  const quantityPerBoard = quantityOf(cell('quantity'), designators, notes);
  return { sourceRows: [index], query, designators, quantityPerBoard, isNotFitted: isNotFittedRow(row, sheet), notes };
}

/** The quantity cell, or the count of designators when it is missing or unreadable (with a note), or 1. */
function quantityOf(text: string, designators: string[], notes: string[]): number {
  const parsed = text === '' ? null : parseQuantityText(text);
  if (parsed !== null) {
    if (designators.length > 0 && designators.length < designatorExpansionMax && designators.length !== parsed) {
      notes.push(`数量 ${parsed} 与位号数 ${designators.length} 不一致，按数量 ${parsed} 计`);
    }
    return parsed;
  }
  const problem = text === '' ? '数量缺失' : `数量“${text}”无法识别`;
  if (designators.length > 0) {
    notes.push(`${problem}，按位号数计为 ${designators.length}`);
    return designators.length;
  }
  notes.push(`${problem}，按 1 计`);
  return 1;
}

/** Lines naming the same part (same part number; else store code; else value and package) become one. */
function mergeDuplicateDrafts(drafts: LineDraft[]): LineDraft[] {
  const merged = new Map<string, LineDraft>();
  for (const draft of drafts) {
    const key = `${draft.isNotFitted ? 'dnp' : 'fit'}:${partKeyOf(draft.query)}`;
    const existing = merged.get(key);
    if (existing) absorb(existing, draft);
    else merged.set(key, { ...draft, sourceRows: [...draft.sourceRows], designators: [...draft.designators], notes: [...draft.notes] });
  }
  const lines = [...merged.values()];
  for (const line of lines) {
    if (line.sourceRows.length === 1) continue;
    line.designators = [...new Set(line.designators)];
    line.notes = [...new Set(line.notes), `已合并 ${line.sourceRows.length} 行相同物料`];
  }
  return lines;
}

function partKeyOf(query: BomLineQuery): string {
  const loose = (text: string) => text.normalize('NFKC').toLowerCase().replace(/\s+/g, '');
  if (query.mpn !== '') return `mpn:${normalizePartNumber(query.mpn)}`;
  if (query.storeCode !== '') return `code:${normalizePartNumber(query.storeCode)}`;
  if (query.value !== '') return `value:${loose(query.value)}|${loose(query.package)}`;
  return `description:${loose(query.description)}|${loose(query.package)}`;
}

function absorb(into: LineDraft, draft: LineDraft): void {
  into.sourceRows.push(...draft.sourceRows);
  into.quantityPerBoard = Math.round((into.quantityPerBoard + draft.quantityPerBoard) * 1e6) / 1e6;
  into.designators.push(...draft.designators);
  into.notes.push(...draft.notes);
  for (const role of queryRoles) if (into.query[role] === '') into.query[role] = draft.query[role];
}
