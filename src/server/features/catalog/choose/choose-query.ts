import { brandFilterKey, isNumberRange, ProductSort, type ChooseFilter } from '../../../../contract/catalog.ts';
import type { AttributeColumn, ScopeIndex } from './choose-index.ts';

/** What a part list asks of an index: only parts in stock, and the filter selection. */
export interface ChooseQuery {
  isStockOnly: boolean;
  filter: ChooseFilter;
}

interface AttributeTest {
  column: AttributeColumn;
  /** allowed[ordinal] = 1 for the chosen values (or those inside the range). */
  allowed: Uint8Array;
}

interface CompiledQuery {
  isStockOnly: boolean;
  brands: Set<number> | null;
  tests: AttributeTest[];
}

function compile(index: ScopeIndex, query: ChooseQuery): CompiledQuery {
  let brands: Set<number> | null = null;
  const tests: AttributeTest[] = [];
  for (const [key, selection] of Object.entries(query.filter)) {
    if (key === brandFilterKey) {
      if (Array.isArray(selection) && selection.length > 0) brands = new Set(selection.map(Number));
      continue;
    }
    // Attributes the category does not have are ignored: an old shared link still opens.
    const column = index.attributes.find((candidate) => candidate.key === key);
    if (!column) continue;
    const allowed = new Uint8Array(column.values.length);
    if (isNumberRange(selection)) {
      if (selection.min === undefined && selection.max === undefined) continue;
      const min = selection.min ?? Number.NEGATIVE_INFINITY;
      const max = selection.max ?? Number.POSITIVE_INFINITY;
      column.values.forEach((value, ordinal) => {
        if (value.num !== null && value.num >= min * (1 - 1e-9) && value.num <= max * (1 + 1e-9)) allowed[ordinal] = 1;
      });
    } else {
      if (selection.length === 0) continue;
      for (const text of selection) {
        const ordinal = column.byText.get(text);
        if (ordinal !== undefined) allowed[ordinal] = 1;
      }
    }
    tests.push({ column, allowed });
  }
  return { isStockOnly: query.isStockOnly, brands, tests };
}

/** Facet counts: per attribute id, counts by value ordinal; brands and subcategories by id. */
export interface FacetCounts {
  attributes: Map<number, Int32Array>;
  brands: Map<number, number>;
  subcategories: Map<number, number>;
}

export interface Evaluation {
  /** matched[position] = 1 for parts passing every filter. */
  matched: Uint8Array;
  total: number;
  facets: FacetCounts | null;
}

const brandFacet = -1;

/**
 * One pass over the category. A part failing no filter counts for every facet; a part
 * failing exactly one filter counts for that filter's own facet only: each facet's counts
 * are computed with the other selections applied, excluding its own.
 */
export function evaluate(index: ScopeIndex, query: ChooseQuery, withFacets: boolean): Evaluation {
  const compiled = compile(index, query);
  const { tests, brands } = compiled;
  const matched = new Uint8Array(index.size);
  let total = 0;
  const facets: FacetCounts | null = withFacets
    ? {
        attributes: new Map(index.attributes.map((column) => [column.attributeId, new Int32Array(column.values.length)])),
        brands: new Map(),
        subcategories: new Map(),
      }
    : null;
  const testCount = tests.length;
  for (let position = 0; position < index.size; position++) {
    if (compiled.isStockOnly && (index.stocks[position] ?? 0) <= 0) continue;
    let failures = 0;
    let failedTest = 0;
    if (brands && !brands.has(index.brandIds[position] ?? 0)) {
      failures = 1;
      failedTest = brandFacet;
    }
    for (let t = 0; t < testCount && failures < 2; t++) {
      const test = tests[t];
      if (!test) break;
      const ordinal = test.column.ordinals[position] ?? -1;
      if (ordinal < 0 || test.allowed[ordinal] !== 1) {
        failures++;
        failedTest = t;
      }
    }
    if (failures === 0) {
      matched[position] = 1;
      total++;
    }
    if (!facets || failures > 1) continue;
    const brandId = index.brandIds[position] ?? 0;
    const secondId = index.secondIds[position] ?? 0;
    if (failures === 1) {
      if (failedTest === brandFacet) facets.brands.set(brandId, (facets.brands.get(brandId) ?? 0) + 1);
      else countValue(facets, tests[failedTest]?.column, position);
      continue;
    }
    facets.brands.set(brandId, (facets.brands.get(brandId) ?? 0) + 1);
    facets.subcategories.set(secondId, (facets.subcategories.get(secondId) ?? 0) + 1);
    for (const column of index.attributes) countValue(facets, column, position);
  }
  return { matched, total, facets };
}

function countValue(facets: FacetCounts, column: AttributeColumn | undefined, position: number) {
  if (!column) return;
  const ordinal = column.ordinals[position] ?? -1;
  const counts = facets.attributes.get(column.attributeId);
  if (ordinal >= 0 && counts) counts[ordinal] = (counts[ordinal] ?? 0) + 1;
}

const positionBits = 2 ** 21;
const keyCeiling = 2 ** 31 - 1;

/** The sort key of a position: smaller first. Bounded to 31 bits so key and position share one float. */
function sortKeyOf(index: ScopeIndex, sort: ProductSort): (position: number) => number {
  const { stocks, prices } = index;
  const price = (p: number) => Math.min(prices[p] ?? keyCeiling, keyCeiling - 1);
  if (sort === ProductSort.priceAsc) return (p) => (Number.isFinite(prices[p] ?? Number.NaN) ? price(p) : keyCeiling);
  // Parts without a price stay last in both directions.
  if (sort === ProductSort.priceDesc) return (p) => (Number.isFinite(prices[p] ?? Number.NaN) ? keyCeiling - 1 - price(p) : keyCeiling);
  if (sort === ProductSort.stockDesc) return (p) => keyCeiling - Math.min(stocks[p] ?? 0, keyCeiling);
  return (p) => ((stocks[p] ?? 0) > 0 ? 0 : 1);
}

/**
 * Positions in a sort order, ties by product id (= position) so pages never overlap. Key and
 * position are packed into one float and sorted natively: a 500k-part category sorts in tens
 * of milliseconds instead of the better part of a second with a comparator.
 */
export function orderOf(index: ScopeIndex, sort: ProductSort): Int32Array {
  const cached = index.orders.get(sort);
  if (cached) return cached;
  const keyOf = sortKeyOf(index, sort);
  const positions = new Int32Array(index.size);
  if (index.size < positionBits) {
    const packed = new Float64Array(index.size);
    for (let p = 0; p < index.size; p++) packed[p] = keyOf(p) * positionBits + p;
    packed.sort();
    for (let i = 0; i < packed.length; i++) positions[i] = (packed[i] ?? 0) % positionBits;
  } else {
    for (let p = 0; p < index.size; p++) positions[p] = p;
    positions.sort((a, b) => keyOf(a) - keyOf(b) || a - b);
  }
  index.orders.set(sort, positions);
  return positions;
}

/** The positions of one page of matches in the sort order. */
export function pageOf(index: ScopeIndex, evaluation: Evaluation, sort: ProductSort, page: number, pageSize: number): number[] {
  const order = orderOf(index, sort);
  const start = (page - 1) * pageSize;
  const positions: number[] = [];
  if (start >= evaluation.total) return positions;
  let seen = 0;
  for (let i = 0; i < order.length && positions.length < pageSize; i++) {
    const position = order[i] ?? 0;
    if (evaluation.matched[position] !== 1) continue;
    if (seen >= start) positions.push(position);
    seen++;
  }
  return positions;
}

/** A part's values of the index's attributes, by attribute id (the purchasing columns are not parameters). */
export function paramsAt(index: ScopeIndex, position: number): Record<string, string> {
  const params: Record<string, string> = {};
  for (const column of index.attributes) {
    if (column.attributeId < 0) continue;
    const ordinal = column.ordinals[position] ?? -1;
    const value = column.values[ordinal];
    if (value) params[String(column.attributeId)] = value.text;
  }
  return params;
}
