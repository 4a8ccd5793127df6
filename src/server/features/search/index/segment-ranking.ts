/* eslint-disable @typescript-eslint/non-nullable-type-assertion-style -- reads of typed arrays inside their bounds in hot loops: `as number` states it at no cost, and no-non-null-assertion (strict) forbids `!`; the two rules conflict */
import { ProductSort } from '../../../../contract/catalog.ts';
import type { Matches } from './segment-query.ts';
import type { Segment } from './segment.ts';

export interface SearchFilters {
  categoryId: number | null;
  brandId: number | null;
  /** Package ids of the chosen package name (its spellings); null for no package filter. */
  packageIds: number[] | null;
  isInStock: boolean;
}

export interface RankedDoc {
  segment: Segment;
  doc: number;
  score: number;
}

export interface FacetCounts {
  categories: Map<number, number>;
  brands: Map<number, number>;
  packages: Map<number, number>;
  inStock: number;
}

export interface SegmentResult {
  total: number;
  /** The best `limit` docs, best first. */
  top: RankedDoc[];
  facets: FacetCounts;
}

const byCategory = 1;
const byBrand = 2;
const byPackage = 4;
const byStock = 8;
const everyFilter = 15;

function countsOf(counts: Int32Array): Map<number, number> {
  const map = new Map<number, number>();
  counts.forEach((count, id) => {
    if (count > 0) map.set(id, count);
  });
  return map;
}

/** A negative number when a ranks before b. Price sorts put parts without a price last. */
export function compareRanked(sort: ProductSort, a: RankedDoc, b: RankedDoc): number {
  const da = a.segment.data;
  const db = b.segment.data;
  let order = 0;
  if (sort === ProductSort.priceAsc || sort === ProductSort.priceDesc) {
    const pa = da.prices[a.doc] ?? Number.NaN;
    const pb = db.prices[b.doc] ?? Number.NaN;
    if (Number.isNaN(pa) !== Number.isNaN(pb)) return Number.isNaN(pa) ? 1 : -1;
    if (!Number.isNaN(pa)) order = sort === ProductSort.priceAsc ? pa - pb : pb - pa;
  } else if (sort === ProductSort.stockDesc) {
    order = (db.stocks[b.doc] ?? 0) - (da.stocks[a.doc] ?? 0);
  } else {
    order = b.score - a.score || Number((db.stocks[b.doc] ?? 0) > 0) - Number((da.stocks[a.doc] ?? 0) > 0);
  }
  if (order !== 0) return order;
  if (a.segment === b.segment) return a.doc - b.doc;
  const ca = a.segment.codeAt(a.doc);
  const cb = b.segment.codeAt(b.doc);
  if (ca !== cb) return ca < cb ? -1 : 1;
  return (da.productIds[a.doc] ?? 0) - (db.productIds[b.doc] ?? 0);
}

/** A number per doc, larger ranking first, agreeing with compareRanked within a segment. */
function sortKey(sort: ProductSort, score: number, stock: number, price: number): number {
  switch (sort) {
    case ProductSort.priceAsc:
      return Number.isNaN(price) ? -Infinity : -price;
    case ProductSort.priceDesc:
      return Number.isNaN(price) ? -Infinity : price;
    case ProductSort.stockDesc:
      return stock;
    default:
      return score * 2 + (stock > 0 ? 1 : 0);
  }
}

/**
 * Applies the filters, counts each facet with the other filters applied (not its own, so a
 * chosen brand still shows the other brands' counts), and keeps the best `limit` docs.
 */
export function rankSegment(segment: Segment, matches: Matches, filters: SearchFilters, sort: ProductSort, limit: number): SegmentResult {
  const { categoryIds, brandIds, packageIds, stocks, prices } = segment.data;
  const chosenPackages = filters.packageIds ? new Set(filters.packageIds) : null;
  // Counted in arrays indexed by id (ids are small): a Map per doc is too slow for 100k matches.
  const categoryCounts = new Int32Array(segment.data.categoryPostings.offsets.length);
  const brandCounts = new Int32Array(segment.data.brandPostings.offsets.length);
  const packageCounts = new Int32Array(segment.data.packagePostings.offsets.length);
  let inStock = 0;
  const top = new TopDocs(limit);
  const { categoryId: chosenCategory, brandId: chosenBrand, isInStock: isInStockOnly } = filters;
  let total = 0;
  if (chosenCategory === null && chosenBrand === null && chosenPackages === null && !isInStockOnly) {
    // No filter chosen (most searches): every match counts everywhere, no bookkeeping per filter.
    for (let i = 0; i < matches.docs.length; i++) {
      const doc = matches.docs[i] as number;
      const category = categoryIds[doc] as number;
      const brand = brandIds[doc] as number;
      const packageId = packageIds[doc] as number;
      const stock = stocks[doc] as number;
      categoryCounts[category] = (categoryCounts[category] as number) + 1;
      brandCounts[brand] = (brandCounts[brand] as number) + 1;
      packageCounts[packageId] = (packageCounts[packageId] as number) + 1;
      if (stock > 0) inStock++;
      const score = matches.scores[i] as number;
      top.offer(sortKey(sort, score, stock, prices[doc] as number), doc, score);
    }
    total = matches.docs.length;
  } else
    for (let i = 0; i < matches.docs.length; i++) {
      const doc = matches.docs[i] as number;
      const category = categoryIds[doc] as number;
      const brand = brandIds[doc] as number;
      const packageId = packageIds[doc] as number;
      const stock = stocks[doc] as number;
      const isInStock = stock > 0;
      let passed = 0;
      if (chosenCategory === null || category === chosenCategory) passed |= byCategory;
      if (chosenBrand === null || brand === chosenBrand) passed |= byBrand;
      if (chosenPackages === null || chosenPackages.has(packageId)) passed |= byPackage;
      if (!isInStockOnly || isInStock) passed |= byStock;
      if ((passed | byCategory) === everyFilter) categoryCounts[category] = (categoryCounts[category] as number) + 1;
      if ((passed | byBrand) === everyFilter) brandCounts[brand] = (brandCounts[brand] as number) + 1;
      if ((passed | byPackage) === everyFilter) packageCounts[packageId] = (packageCounts[packageId] as number) + 1;
      if ((passed | byStock) === everyFilter && isInStock) inStock++;
      if (passed === everyFilter) {
        total++;
        const score = matches.scores[i] as number;
        top.offer(sortKey(sort, score, stock, prices[doc] as number), doc, score);
      }
    }
  const facets: FacetCounts = { categories: countsOf(categoryCounts), brands: countsOf(brandCounts), packages: countsOf(packageCounts), inStock };
  return { total, top: top.sorted().map(({ doc, score }) => ({ segment, doc, score })), facets };
}

/**
 * The best `limit` docs seen, by key (larger first) then doc (smaller first): a binary heap
 * in typed arrays with the worst kept doc at the root, so most docs are turned away by one comparison.
 */
export class TopDocs {
  private readonly keys: Float64Array;
  private readonly docs: Uint32Array;
  private readonly scores: Int32Array;
  private size = 0;

  constructor(private readonly limit: number) {
    this.keys = new Float64Array(limit);
    this.docs = new Uint32Array(limit);
    this.scores = new Int32Array(limit);
  }

  private isWorse(i: number, j: number): boolean {
    const ki = this.keys[i] as number;
    const kj = this.keys[j] as number;
    return ki < kj || (ki === kj && (this.docs[i] as number) > (this.docs[j] as number));
  }

  offer(key: number, doc: number, score: number): void {
    if (this.limit <= 0) return;
    if (this.size < this.limit) {
      let i = this.size++;
      this.keys[i] = key;
      this.docs[i] = doc;
      this.scores[i] = score;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!this.isWorse(i, parent)) break;
        this.swap(i, parent);
        i = parent;
      }
      return;
    }
    const rootKey = this.keys[0] as number;
    if (key < rootKey || (key === rootKey && doc > (this.docs[0] as number))) return;
    this.keys[0] = key;
    this.docs[0] = doc;
    this.scores[0] = score;
    for (let i = 0; ;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let worst = i;
      if (left < this.size && this.isWorse(left, worst)) worst = left;
      if (right < this.size && this.isWorse(right, worst)) worst = right;
      if (worst === i) break;
      this.swap(i, worst);
      i = worst;
    }
  }

  private swap(i: number, j: number): void {
    const key = this.keys[i] as number;
    const doc = this.docs[i] as number;
    const score = this.scores[i] as number;
    this.keys[i] = this.keys[j] as number;
    this.docs[i] = this.docs[j] as number;
    this.scores[i] = this.scores[j] as number;
    this.keys[j] = key;
    this.docs[j] = doc;
    this.scores[j] = score;
  }

  /** Best first. */
  sorted(): { key: number; doc: number; score: number }[] {
    const items = Array.from({ length: this.size }, (_, i) => ({ key: this.keys[i] as number, doc: this.docs[i] as number, score: this.scores[i] as number }));
    return items.sort((a, b) => b.key - a.key || a.doc - b.doc);
  }
}
