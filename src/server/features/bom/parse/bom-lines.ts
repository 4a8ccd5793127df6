import type { BomColumnRole, BomLineInput, BomLineQuery, BomQuantityOptions } from '../../../../contract/bom.ts';
import { normalizePartNumber } from '../../../../contract/part-number.ts';
import { parseQuantityText } from './cell-text.ts';
import { designatorExpansionMax, expandDesignators } from './designators.ts';
import { codeColumnsOf, isNotFittedRow } from './not-fitted.ts';
import { cellOf, partRowIndexes, type SheetPart } from './part-rows.ts';

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
  const codeColumns = codeColumnsOf(sheet);
  const drafts = partRowIndexes(sheet).map((index) => draftOf(sheet.rows[index] ?? [], index, sheet, codeColumns));
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
  return partRowIndexes(sheet).length;
}

/** per board × boards × (1 + spare %), rounded up, in whole percent so that 100 × 110 % is 110, not 111. */
export function requiredQuantityOf(quantityPerBoard: number, options: Pick<BomQuantityOptions, 'boards' | 'sparePercent'>): number {
  const hundredths = Math.round(quantityPerBoard * options.boards * (100 + options.sparePercent) * 1e6) / 1e6;
  return Math.ceil(hundredths / 100);
}

function draftOf(row: string[], index: number, sheet: SheetPart, codeColumns: readonly number[]): LineDraft {
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
  // An explicit 0 per board is an alternative or a part left off (a second LED colour, an M.2 edge "connector").
  const isZero = parseQuantityText(cell('quantity')) === 0;
  return { sourceRows: [index], query, designators, quantityPerBoard, isNotFitted: isZero || isNotFittedRow(row, sheet, codeColumns), notes };
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
