import type { Kysely } from 'kysely';
import { purchasingFilterKeys, purchasingFilters, type PurchasingFilterKey } from '../../../../contract/catalog.ts';
import type { ProductSort } from '../../../../contract/catalog.ts';
import type { Database } from '../../../db/database.ts';
import { yieldToEventLoop } from '../../../work/yield-to-event-loop.ts';
import type { CategoryAttributeRow } from '../category.repository.ts';
import {
  findChunkParams,
  findFirstTierPrices,
  findParamsOf,
  findScopeProductChunk,
  findScopeVersion,
  type ChooseScope,
  type IndexedParamRow,
  type IndexedProductRow,
} from './choose-index.repository.ts';

/**
 * The parametric-selection index of one category, held in memory: one typed-array column per
 * product field the filters and sorts need, and per attribute a dictionary of its values plus
 * each product's value number. Counting every value of every attribute with the other filters
 * applied is then one pass over the category (a few ms for 300k parts), which SQL cannot do
 * at that speed. Product rows themselves are always read fresh from the database.
 */
export interface AttributeColumn {
  /** The filter's key: the attribute id as text, or a purchasing key (packaging, msl, reach). */
  key: string;
  /** A category attribute's id; negative for a purchasing column (a product column, not an attribute). */
  attributeId: number;
  name: string;
  unit: string | null;
  valueKind: 'number' | 'text';
  values: { text: string; num: number | null }[];
  byText: Map<string, number>;
  /** Per product position: index into `values`, or -1 when the part has no value. */
  ordinals: Int32Array;
}

export interface ScopeIndex {
  scope: ChooseScope;
  /** max(updatedAt) of the scope when it was read. */
  version: number;
  size: number;
  /** Ascending product ids; a product's position is its index here. */
  ids: Int32Array;
  brandIds: Int32Array;
  stocks: Float64Array;
  /** First-tier unit price (0.0001 yuan); Infinity for a part without prices. */
  prices: Float64Array;
  secondIds: Int32Array;
  attributes: AttributeColumn[];
  /** Positions in each sort order, computed when first asked for. */
  orders: Map<ProductSort, Int32Array>;
  /** When the row count was last compared with the database (deletes do not move the version). */
  countCheckedAt: number;
}

const chunkSize = 5000;

function emptyColumn(attribute: CategoryAttributeRow, size: number): AttributeColumn {
  return { ...attribute, key: String(attribute.attributeId), values: [], byText: new Map(), ordinals: new Int32Array(size).fill(-1) };
}

/** The purchasing columns every scope filters by, after its attributes (ids -1, -2, -3: no attribute has them). */
function purchasingColumnsOf(size: number): AttributeColumn[] {
  return purchasingFilterKeys.map((key, index) => ({
    key,
    attributeId: -1 - index,
    name: purchasingFilters[key].name,
    unit: null,
    valueKind: 'text' as const,
    values: [],
    byText: new Map(),
    ordinals: new Int32Array(size).fill(-1),
  }));
}

/** A product row's value of a purchasing filter (null: unsaid). */
function purchasingValueOf(row: IndexedProductRow, key: PurchasingFilterKey): string | null {
  if (key === 'packaging') return row.packaging;
  if (key === 'msl') return row.msl;
  return row.reachStatus;
}

function setPurchasingOrdinals(index: ScopeIndex, row: IndexedProductRow, position: number): void {
  for (const column of index.attributes) {
    if (column.attributeId >= 0) continue;
    const value = purchasingValueOf(row, column.key as PurchasingFilterKey);
    column.ordinals[position] = value === null ? -1 : ordinalOf(column, value, null);
  }
}

/** The ids of the scope's category attributes (not its purchasing columns). */
export function categoryAttributeIdsOf(index: ScopeIndex): number[] {
  return index.attributes.flatMap((column) => (column.attributeId > 0 ? [column.attributeId] : []));
}

/** The dictionary number of a value, adding it when new. */
function ordinalOf(column: AttributeColumn, text: string, num: number | null): number {
  const existing = column.byText.get(text);
  if (existing !== undefined) return existing;
  const ordinal = column.values.length;
  column.values.push({ text, num: num });
  column.byText.set(text, ordinal);
  return ordinal;
}

/**
 * Reads the scope in chunks of 5000 products, yielding to the event loop between them, so
 * building a large category does not stall other requests.
 */
export async function buildScopeIndex(
  db: Kysely<Database>,
  scope: ChooseScope,
  attributes: readonly CategoryAttributeRow[],
  now = Date.now(),
): Promise<ScopeIndex> {
  const version = await findScopeVersion(db, scope);
  const rows: IndexedProductRow[] = [];
  const prices: number[] = [];
  const params: IndexedParamRow[][] = [];
  const attributeIds = attributes.map((attribute) => attribute.attributeId);
  let afterId = 0;
  for (;;) {
    const chunk = await findScopeProductChunk(db, scope, afterId, chunkSize);
    if (chunk.length === 0) break;
    const firstId = chunk[0]?.id ?? 0;
    const lastId = chunk[chunk.length - 1]?.id ?? 0;
    params.push(await findChunkParams(db, scope, firstId, lastId, attributeIds));
    for (const row of chunk) {
      rows.push(row);
      prices.push(row.firstPriceE4 ?? Number.POSITIVE_INFINITY);
    }
    afterId = lastId;
    if (chunk.length < chunkSize) break;
    await yieldToEventLoop();
  }

  const size = rows.length;
  const index: ScopeIndex = {
    scope,
    version,
    size,
    ids: Int32Array.from(rows, (row) => row.id),
    brandIds: Int32Array.from(rows, (row) => row.brandId),
    stocks: Float64Array.from(rows, (row) => row.stock),
    prices: Float64Array.from(prices),
    secondIds: Int32Array.from(rows, (row) => row.categorySecondId),
    attributes: [...attributes.map((attribute) => emptyColumn(attribute, size)), ...purchasingColumnsOf(size)],
    orders: new Map(),
    countCheckedAt: now,
  };
  rows.forEach((row, position) => setPurchasingOrdinals(index, row, position));
  const columnById = new Map(index.attributes.map((column) => [column.attributeId, column]));
  for (const chunkParams of params) {
    for (const param of chunkParams) {
      const column = columnById.get(param.attributeId);
      const position = positionOf(index, param.productId);
      if (column && position >= 0) column.ordinals[position] = ordinalOf(column, param.valueText, param.valueNum);
    }
  }
  return index;
}

/** Binary search of a product id; -1 when the index does not hold it. */
export function positionOf(index: ScopeIndex, productId: number): number {
  let low = 0;
  let high = index.size - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const id = index.ids[middle] ?? 0;
    if (id === productId) return middle;
    if (id < productId) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

/**
 * Applies changed rows of products the index already holds (stock, brand, price, parameters)
 * in place. Returns false when a row is new to the scope: then only a rebuild is right.
 */
export async function patchScopeIndex(db: Kysely<Database>, index: ScopeIndex, changed: readonly IndexedProductRow[], version: number): Promise<boolean> {
  const positions = changed.map((row) => positionOf(index, row.id));
  if (positions.some((position) => position < 0)) return false;
  const ids = changed.map((row) => row.id);
  const attributeIds = categoryAttributeIdsOf(index);
  const [prices, params] = await Promise.all([findFirstTierPrices(db, ids), findParamsOf(db, ids, attributeIds)]);
  changed.forEach((row, i) => {
    const position = positions[i] ?? -1;
    index.brandIds[position] = row.brandId;
    index.stocks[position] = row.stock;
    index.secondIds[position] = row.categorySecondId;
    index.prices[position] = prices.get(row.id) ?? Number.POSITIVE_INFINITY;
    for (const column of index.attributes) column.ordinals[position] = -1;
    setPurchasingOrdinals(index, row, position);
  });
  const columnById = new Map(index.attributes.map((column) => [column.attributeId, column]));
  for (const param of params) {
    const column = columnById.get(param.attributeId);
    const position = positionOf(index, param.productId);
    if (column && position >= 0) column.ordinals[position] = ordinalOf(column, param.valueText, param.valueNum);
  }
  index.orders.clear();
  index.version = version;
  return true;
}
