import { bomColumnRoles, bomMessages, type BomColumnMapping, type BomColumnRole, type BomSheet } from '../../../contract/bom.ts';

/** The role a column plays, or null when it is only carried along. */
export function roleOfColumn(mapping: BomColumnMapping, columnIndex: number): BomColumnRole | null {
  return bomColumnRoles.find((role) => mapping[role] === columnIndex) ?? null;
}

/** The mapping with a column given a role (null: none); a role belongs to one column, so it leaves any other. */
export function withColumnRole(mapping: BomColumnMapping, columnIndex: number, role: BomColumnRole | null): BomColumnMapping {
  const next: BomColumnMapping = {};
  for (const existing of bomColumnRoles) {
    const index = mapping[existing];
    if (index === undefined || index === columnIndex || existing === role) continue;
    next[existing] = index;
  }
  if (role) next[role] = columnIndex;
  return next;
}

/** The sheet's first rows that hold anything, for the buyer to recognise each column by its values. */
export function previewRowsOf(sheet: BomSheet, count = 3): string[][] {
  return sheet.rows.filter((row) => row.some((cell) => cell.trim() !== '')).slice(0, count);
}

/** Why the lines cannot be matched with this mapping, or ''. */
export function mappingProblem(mapping: BomColumnMapping): string {
  return mapping.mpn === undefined && mapping.storeCode === undefined && mapping.value === undefined ? bomMessages.mappingNeedsPart : '';
}

/** A BOM's default name: its file's name without the extension. */
export function defaultBomName(fileName: string): string {
  const base = fileName.replace(/\.[^.]+$/, '').trim();
  return Array.from(base || 'BOM')
    .slice(0, 60)
    .join('');
}

/** The sheet as the match and save calls take it: what the parser found, without its notes for the buyer. */
export function sheetBodyOf(sheet: BomSheet) {
  return {
    fileName: sheet.fileName,
    sheetName: sheet.sheetName,
    headerRowIndex: sheet.headerRowIndex,
    headers: sheet.headers,
    rows: sheet.rows,
    mapping: sheet.mapping,
  };
}
