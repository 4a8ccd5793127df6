import { bomDraftStorageKey, type BomChoice, type BomQuantityOptions, type BomSheet } from '../../../contract/bom.ts';

/** A BOM being worked on, kept in sessionStorage while its owner logs in. */
export interface BomDraft {
  sheet: BomSheet;
  options: BomQuantityOptions;
  choices: BomChoice[];
  name: string;
  bomId: number | null;
  isMappingCorrected: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

function isSheet(value: unknown): value is BomSheet {
  return (
    isRecord(value) &&
    typeof value.fileName === 'string' &&
    typeof value.sheetName === 'string' &&
    typeof value.headerRowIndex === 'number' &&
    isStringArray(value.headers) &&
    Array.isArray(value.rows) &&
    value.rows.every(isStringArray) &&
    isRecord(value.mapping) &&
    Object.values(value.mapping).every((index) => typeof index === 'number') &&
    typeof value.partLineCount === 'number' &&
    isStringArray(value.warnings)
  );
}

function isOptions(value: unknown): value is BomQuantityOptions {
  return isRecord(value) && typeof value.boards === 'number' && typeof value.sparePercent === 'number' && typeof value.mergeDuplicates === 'boolean';
}

function isChoice(value: unknown): value is BomChoice {
  return isRecord(value) && typeof value.lineNo === 'number' && typeof value.productId === 'number' && typeof value.quantity === 'number';
}

/** A stored draft, checked: anything else (another version of the page, a hand edit) reads as none. */
export function parseDraft(raw: string | null): BomDraft | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(value) || !isSheet(value.sheet) || !isOptions(value.options)) return null;
  if (!Array.isArray(value.choices) || !value.choices.every(isChoice)) return null;
  return {
    sheet: value.sheet,
    options: value.options,
    choices: value.choices,
    name: typeof value.name === 'string' ? value.name : '',
    bomId: typeof value.bomId === 'number' ? value.bomId : null,
    isMappingCorrected: value.isMappingCorrected === true,
  };
}

export function storeDraft(draft: BomDraft): void {
  try {
    sessionStorage.setItem(bomDraftStorageKey, JSON.stringify(draft));
  } catch {
    // A full quota or private mode: the login still works, the work is read again from the file.
  }
}

/** The draft left before a login, removed as it is read so it is restored once. */
export function takeDraft(): BomDraft | null {
  try {
    const raw = sessionStorage.getItem(bomDraftStorageKey);
    sessionStorage.removeItem(bomDraftStorageKey);
    return parseDraft(raw);
  } catch {
    return null;
  }
}

export function clearDraft(): void {
  try {
    sessionStorage.removeItem(bomDraftStorageKey);
  } catch {
    // nothing kept
  }
}
