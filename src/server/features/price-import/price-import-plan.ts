import { normalizePartNumber } from '../../../contract/part-number.ts';
import {
  priceImportColumnNames as names,
  priceImportLimits,
  priceImportMessages as messages,
  type PreviewKind,
  type PreviewSample,
  type PriceImportError,
  type PriceImportPreview,
  type PriceListRow,
  type PriceTier,
} from '../../../contract/price-import.ts';
import { purchasingFields, type PurchasingData } from '../../../contract/purchasing.ts';

/** A catalogue part as the import compares it: matched by normalised part number and brand. */
export interface CatalogPart {
  id: number;
  code: string;
  codeNorm: string;
  brandId: number;
  package: string;
  description: string;
  stock: number;
  /** stock by warehouse code; absent: not loaded (compared by the total only). */
  warehouseStock?: Record<string, number>;
  packSize: number;
  tiers: PriceTier[];
  purchasing: PurchasingData;
}

export interface BrandRow {
  id: number;
  nameEn: string;
  nameCn: string | null;
}

/** What one row does to the catalogue when applied. */
export interface ImportAction {
  row: number;
  kind: 'create' | 'update' | 'priceChange';
  productId: number | null;
  brandId: number;
  code: string;
  codeNorm: string;
  package: string | null;
  description: string | null;
  stock: number | null;
  /** With stock: the figure of each warehouse the list names (SZ, JS); the others keep theirs. */
  warehouseStock: Record<string, number> | null;
  packSize: number | null;
  tiers: PriceTier[] | null;
  /** The purchasing fields to write (a known part: only those that change); null for none. */
  purchasing: Partial<PurchasingData> | null;
}

/** Everything the classification reads, loaded in bulk beforehand. */
export interface CatalogSnapshot {
  brands: BrandRow[];
  partsByCodeNorm: Map<string, CatalogPart[]>;
  partsById: Map<number, CatalogPart>;
  /** The level-2 category new parts go to; null when none was chosen (unknown parts are then errors). */
  newPartCategoryId: number | null;
}

export interface ImportPlan {
  preview: PriceImportPreview;
  actions: ImportAction[];
}

function brandKey(name: string): string {
  return name
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[\s\-_.,/&]/g, '');
}

/** Brand names as supplier lists write them: "YAGEO", "国巨", "YAGEO(国巨)", "国巨(YAGEO)". */
export function brandIndexOf(brands: readonly BrandRow[]): (name: string) => number | null {
  const byKey = new Map<string, number>();
  for (const brand of brands) {
    byKey.set(brandKey(brand.nameEn), brand.id);
    if (brand.nameCn) {
      byKey.set(brandKey(brand.nameCn), brand.id);
      byKey.set(brandKey(`${brand.nameEn}(${brand.nameCn})`), brand.id);
      byKey.set(brandKey(`${brand.nameCn}(${brand.nameEn})`), brand.id);
    }
  }
  return (name) => {
    const key = brandKey(name);
    const direct = byKey.get(key);
    if (direct !== undefined) return direct;
    const parts = key.split(/[()（）]/).filter((part) => part !== '');
    for (const part of parts) {
      const id = byKey.get(part);
      if (id !== undefined) return id;
    }
    return null;
  };
}

/** Store codes are the product id, optionally written with the store's "C" prefix removed by the staff. */
export function productIdOfStoreCode(text: string): number | null {
  if (!/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

function sameTiers(a: readonly PriceTier[], b: readonly PriceTier[]): boolean {
  return (
    a.length === b.length &&
    a.every((tier, index) => {
      const other = b[index];
      return tier.qtyStart === other?.qtyStart && tier.priceE4 === other.priceE4;
    })
  );
}

function changedFields(row: PriceListRow, part: CatalogPart): string[] {
  const changed: string[] = [];
  const movesWarehouse = Object.entries(row.warehouseStock ?? {}).some(
    ([code, quantity]) => part.warehouseStock !== undefined && (part.warehouseStock[code] ?? 0) !== quantity,
  );
  if (row.stock !== null && (row.stock !== part.stock || movesWarehouse)) changed.push('stock');
  if (row.packSize !== null && row.packSize !== part.packSize) changed.push('packSize');
  if (row.package !== null && row.package !== part.package) changed.push('package');
  if (row.description !== null && row.description !== part.description) changed.push('description');
  if (row.tiers !== null && !sameTiers(row.tiers, part.tiers)) changed.push('prices');
  for (const field of purchasingFields) {
    const value = row.purchasing?.[field];
    if (value !== undefined && value !== part.purchasing[field]) changed.push(field);
  }
  return changed;
}

/** The row's purchasing fields among `changed`; null when none changes. */
function changedPurchasing(row: PriceListRow, changed: readonly string[]): Partial<PurchasingData> | null {
  const fields = purchasingFields.filter((field) => changed.includes(field));
  if (fields.length === 0 || row.purchasing === null) return null;
  return Object.fromEntries(fields.map((field) => [field, row.purchasing?.[field]]));
}
/** Why a row cannot be applied: the column to point at and the Chinese reason. */
interface RowProblem {
  column: string;
  reason: string;
}

/**
 * The catalogue part a row names: by store code (which must agree with the row's part number and
 * brand), else by part number and brand; null for a part the catalogue does not have.
 */
function matchPart(row: PriceListRow, codeNorm: string, brandId: number | null, snapshot: CatalogSnapshot): { part: CatalogPart | null } | RowProblem {
  if (row.storeCode === '') {
    const candidates = (snapshot.partsByCodeNorm.get(codeNorm) ?? []).filter((candidate) => brandId === null || candidate.brandId === brandId);
    if (candidates.length > 1) return { column: names.brand, reason: messages.brandAmbiguous };
    return { part: candidates[0] ?? null };
  }
  const id = productIdOfStoreCode(row.storeCode);
  if (id === null) return { column: names.storeCode, reason: messages.storeCodeInvalid };
  const part = snapshot.partsById.get(id) ?? null;
  if (part === null) return { column: names.storeCode, reason: messages.storeCodeUnknown };
  if (part.codeNorm !== codeNorm || (brandId !== null && part.brandId !== brandId)) return { column: names.storeCode, reason: messages.storeCodeMismatch };
  return { part };
}

/** A new part needs a brand, the category new parts go to, and prices. */
function newPartProblem(row: PriceListRow, brandId: number | null, snapshot: CatalogSnapshot): RowProblem | null {
  if (brandId === null) return { column: names.brand, reason: messages.newWithoutBrand };
  if (snapshot.newPartCategoryId === null) return { column: names.mpn, reason: messages.newWithoutCategory };
  if (row.tiers === null) return { column: names.tiers, reason: messages.newWithoutPrice };
  return null;
}

function createActionOf(row: PriceListRow, brandId: number, codeNorm: string, tiers: PriceTier[]): ImportAction {
  return {
    row: row.rowNumber,
    kind: 'create',
    productId: null,
    brandId,
    code: row.mpn,
    codeNorm,
    package: row.package,
    description: row.description,
    stock: row.stock,
    warehouseStock: row.warehouseStock,
    packSize: row.packSize,
    tiers,
    purchasing: row.purchasing,
  };
}

/** A known part's action carries only the fields that changed. */
function updateActionOf(row: PriceListRow, part: CatalogPart, kind: 'update' | 'priceChange', changed: readonly string[]): ImportAction {
  return {
    row: row.rowNumber,
    kind,
    productId: part.id,
    brandId: part.brandId,
    code: part.code,
    codeNorm: part.codeNorm,
    package: changed.includes('package') ? row.package : null,
    description: changed.includes('description') ? row.description : null,
    stock: changed.includes('stock') ? row.stock : null,
    warehouseStock: changed.includes('stock') ? row.warehouseStock : null,
    packSize: changed.includes('packSize') ? row.packSize : null,
    tiers: changed.includes('prices') ? row.tiers : null,
    purchasing: changedPurchasing(row, changed),
  };
}

function errorSampleOf(row: PriceListRow): PreviewSample {
  return { row: row.rowNumber, kind: 'error', mpn: row.mpn, brand: row.brand, productId: null, changed: [], oldFirstPriceE4: null, newFirstPriceE4: null };
}

/** The preview's samples: at most a quarter of previewSamples of each kind, in row order. */
function newSampler() {
  const samples: PreviewSample[] = [];
  const sampleQuota = Math.ceil(priceImportLimits.previewSamples / 4);
  const sampledOf: Record<PreviewKind, number> = { create: 0, update: 0, priceChange: 0, unchanged: 0, error: 0 };
  const addSample = (sample: PreviewSample) => {
    if (sampledOf[sample.kind] >= sampleQuota) return;
    sampledOf[sample.kind]++;
    samples.push(sample);
  };
  return { samples, addSample };
}

/**
 * Each row against the catalogue: a create (unknown part), an update (fields changed), a price change (its tiers
 * differ), unchanged, or an error with its Chinese reason. No SQL here: the snapshot was loaded in bulk.
 */
export function planImport(rows: readonly PriceListRow[], parseErrors: readonly PriceImportError[], snapshot: CatalogSnapshot): ImportPlan {
  const brandOf = brandIndexOf(snapshot.brands);
  const errors: PriceImportError[] = [...parseErrors];
  const counts: Record<PreviewKind, number> = { create: 0, update: 0, priceChange: 0, unchanged: 0, error: 0 };
  const { samples, addSample } = newSampler();
  const actions: ImportAction[] = [];
  const seen = new Set<string>();
  const fail = (row: PriceListRow, column: string, reason: string) => {
    errors.push({ row: row.rowNumber, column, reason });
    addSample(errorSampleOf(row));
  };

  for (const row of rows) {
    const codeNorm = normalizePartNumber(row.mpn);
    const brandId = row.brand === '' ? null : brandOf(row.brand);
    if (row.brand !== '' && brandId === null) {
      fail(row, names.brand, messages.brandUnknown);
      continue;
    }
    const match = matchPart(row, codeNorm, brandId, snapshot);
    if ('reason' in match) {
      fail(row, match.column, match.reason);
      continue;
    }
    const { part } = match;
    const key = part ? `id:${part.id}` : `new:${codeNorm}:${brandId ?? ''}`;
    if (seen.has(key)) {
      fail(row, names.mpn, messages.duplicateRow);
      continue;
    }
    seen.add(key);
    const newFirstPriceE4 = row.tiers?.[0]?.priceE4 ?? null;
    if (part === null) {
      const problem = newPartProblem(row, brandId, snapshot);
      if (problem) fail(row, problem.column, problem.reason);
      // newPartProblem refused a row without a brand or prices.
      if (problem || brandId === null || row.tiers === null) continue;
      counts.create++;
      addSample({ row: row.rowNumber, kind: 'create', mpn: row.mpn, brand: row.brand, productId: null, changed: [], oldFirstPriceE4: null, newFirstPriceE4 });
      actions.push(createActionOf(row, brandId, codeNorm, row.tiers));
      continue;
    }
    const changed = changedFields(row, part);
    const kind: PreviewKind = changed.includes('prices') ? 'priceChange' : changed.length > 0 ? 'update' : 'unchanged';
    counts[kind]++;
    addSample({
      row: row.rowNumber,
      kind,
      mpn: row.mpn,
      brand: row.brand,
      productId: part.id,
      changed,
      oldFirstPriceE4: part.tiers[0]?.priceE4 ?? null,
      newFirstPriceE4: newFirstPriceE4 ?? part.tiers[0]?.priceE4 ?? null,
    });
    if (kind !== 'unchanged') actions.push(updateActionOf(row, part, kind, changed));
  }
  errors.sort((a, b) => a.row - b.row);
  counts.error = new Set(errors.map((error) => error.row)).size;
  return { preview: { total: rows.length + counts.error - errorRowsAmongValid(errors, rows), counts, samples, errors }, actions };
}

/** Rows that parsed but failed against the catalogue are in both lists: count each file row once. */
function errorRowsAmongValid(errors: readonly PriceImportError[], rows: readonly PriceListRow[]): number {
  const errorRows = new Set(errors.map((error) => error.row));
  return rows.filter((row) => errorRows.has(row.rowNumber)).length;
}
