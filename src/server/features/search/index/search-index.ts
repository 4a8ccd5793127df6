import type { ProductSort } from '../../../../contract/catalog.ts';
import { normalizePartNumber } from '../../../../contract/part-number.ts';
import { compileQuery, type CompiledQuery } from './compile-query.ts';
import type { Dictionary } from './dictionary.ts';
import { lowerBound } from './postings.ts';
import { searchFingerprint, SegmentBuilder, type PackageTable, type ProductDoc } from './segment-builder.ts';
import { KeptMatches, type SegmentMatches } from './kept-matches.ts';
import { matchTokens, matchWholeCode, type Matches } from './segment-query.ts';
import { compareRanked, rankSegment, type RankedDoc, type SearchFilters, type SegmentResult } from './segment-ranking.ts';
import type { Segment } from './segment.ts';

export interface IndexQuery {
  keyword: string;
  categoryId: number | null;
  brandId: number | null;
  packageName: string | null;
  isInStock: boolean;
  sort: ProductSort;
  offset: number;
  limit: number;
}

export interface CountedId {
  id: number;
  count: number;
}

export interface IndexResult {
  total: number;
  productIds: number[];
  categories: CountedId[];
  brands: CountedId[];
  packages: { name: string; count: number }[];
  inStockCount: number;
}

export interface CodeSuggestion {
  code: string;
  count: number;
}

/** At most this many words of a keyword are matched (the rest are ignored). */
const maxTokens = 8;
/**
 * Recent keywords' matches are kept (buyers page and click filters on one keyword), up to
 * this many docs in all; any change to the index forgets them.
 */
const maxCachedMatchDocs = 2_000_000;

function sortedCounts(counts: Map<number, number>): CountedId[] {
  return [...counts].map(([id, count]) => ({ id, count })).sort((a, b) => b.count - a.count || a.id - b.id);
}

/**
 * The whole catalogue in memory: a large base segment built at start, plus a small overlay
 * segment rebuilt from products changed since. A changed product's base doc is marked dead,
 * unless only its stock or price changed: those are updated in place.
 */
export class SearchIndex {
  private overlay: Segment | null = null;
  private readonly overlayDocs = new Map<number, ProductDoc>();
  private readonly dead: Uint8Array;
  /** Dead base docs, ascending, to correct prefix counts. */
  private deadDocs: number[] = [];
  private readonly deadByBrand = new Map<number, number>();
  private readonly deadByCategory = new Map<number, number>();
  private readonly keptMatches = new KeptMatches(maxCachedMatchDocs);

  constructor(
    readonly dictionary: Dictionary,
    readonly packages: PackageTable,
    readonly base: Segment,
  ) {
    this.dead = new Uint8Array(base.size);
  }

  get productCount(): number {
    return this.base.size - this.deadDocs.length + (this.overlay?.size ?? 0);
  }

  get overlaySize(): number {
    return this.overlayDocs.size;
  }

  /** Each segment with its dead-doc flags (the overlay has none). */
  private segments(): [Segment, Uint8Array | null][] {
    const list: [Segment, Uint8Array | null][] = [[this.base, this.deadDocs.length > 0 ? this.dead : null]];
    if (this.overlay) list.push([this.overlay, null]);
    return list;
  }

  /** Each live segment with its dead-doc flags, for lookups beside search (the BOM matcher's part-lookup.ts). */
  liveSegments(): [Segment, Uint8Array | null][] {
    return this.segments();
  }

  compile(keyword: string): CompiledQuery {
    const compiled = compileQuery(keyword, this.dictionary, this.packages);
    return { ...compiled, tokens: compiled.tokens.slice(0, maxTokens) };
  }

  private cachedMatch(keyword: string): SegmentMatches {
    const key = keyword.trim();
    const kept = this.keptMatches.get(key);
    if (kept) return kept;
    const found = this.match(this.compile(key));
    this.keptMatches.keep(key, found);
    return found;
  }

  /** Drops the matches kept for recent keywords (every change does; benchmarks measure cold). */
  forgetMatches(): void {
    this.keptMatches.clear();
  }

  private match(compiled: CompiledQuery): SegmentMatches {
    if (compiled.whole) {
      const whole = compiled.whole;
      const found = this.segments().map(([segment, dead]): [Segment, Matches] => [segment, matchWholeCode(segment, whole, dead)]);
      if (found.some(([, matches]) => matches.docs.length > 0)) return found;
    }
    return this.segments().map(([segment, dead]): [Segment, Matches] => [segment, matchTokens(segment, compiled.tokens, dead)]);
  }

  search(query: IndexQuery): IndexResult {
    const filters: SearchFilters = {
      categoryId: query.categoryId,
      brandId: query.brandId,
      packageIds: query.packageName === null ? null : this.packages.idsForName(query.packageName),
      isInStock: query.isInStock,
    };
    const limit = query.offset + query.limit;
    const results: SegmentResult[] = this.cachedMatch(query.keyword).map(([segment, matches]) => rankSegment(segment, matches, filters, query.sort, limit));

    const merged: RankedDoc[] = results.flatMap((result) => result.top).sort((a, b) => compareRanked(query.sort, a, b));
    const categories = new Map<number, number>();
    const brands = new Map<number, number>();
    const packages = new Map<number, number>();
    let inStockCount = 0;
    for (const { facets } of results) {
      for (const [id, count] of facets.categories) categories.set(id, (categories.get(id) ?? 0) + count);
      for (const [id, count] of facets.brands) brands.set(id, (brands.get(id) ?? 0) + count);
      for (const [id, count] of facets.packages) {
        // Spellings of one package (SOT-23, SOT23) count as the first spelling seen.
        const name = this.packages.names[id] ?? '';
        const canonical = this.packages.idsForName(name)[0] ?? id;
        packages.set(canonical, (packages.get(canonical) ?? 0) + count);
      }
      inStockCount += facets.inStock;
    }
    return {
      total: results.reduce((sum, result) => sum + result.total, 0),
      productIds: merged.slice(query.offset, limit).map((ranked) => ranked.segment.data.productIds[ranked.doc] ?? 0),
      categories: sortedCounts(categories),
      brands: sortedCounts(brands),
      packages: sortedCounts(packages).map(({ id, count }) => ({ name: this.packages.names[id] ?? '', count })),
      inStockCount,
    };
  }

  /** Bytes held by the typed arrays (the packed codes and the bit sets included), and the number of distinct terms (for the benchmark report). */
  memoryStats(): { typedArrayBytes: number; codeBytes: number; bitSetBytes: number; terms: number } {
    let typedArrayBytes = 0;
    let codeBytes = 0;
    let bitSetBytes = 0;
    for (const segment of [this.base, this.overlay]) {
      if (!segment) continue;
      const { productIds, brandIds, categoryIds, packageIds, stocks, prices, fingerprints, byProduct, codes, displayCodes } = segment.data;
      for (const array of [productIds, brandIds, categoryIds, packageIds, stocks, prices, fingerprints, byProduct]) typedArrayBytes += array.byteLength;
      for (const column of [codes, displayCodes]) codeBytes += column.bytes.byteLength + column.offsets.byteLength;
      const { trigrams, termPostings, brandPostings, categoryPostings, packagePostings } = segment.data;
      for (const postings of [trigrams, termPostings, brandPostings, categoryPostings, packagePostings])
        typedArrayBytes += postings.offsets.byteLength + postings.docs.byteLength;
      bitSetBytes += segment.bitSetBytes;
    }
    return { typedArrayBytes: typedArrayBytes + codeBytes + bitSetBytes, codeBytes, bitSetBytes, terms: this.base.data.terms.size };
  }

  /** How many parts' codes start with a typed part number. */
  countPrefix(typed: string): number {
    const norm = normalizePartNumber(typed);
    if (!norm) return 0;
    const [low, high] = this.base.prefixRange(norm);
    const deadInRange = lowerBound(this.deadDocs, high) - lowerBound(this.deadDocs, low);
    const [overlayLow, overlayHigh] = this.overlay?.prefixRange(norm) ?? [0, 0];
    return high - low - deadInRange + overlayHigh - overlayLow;
  }

  /** Distinct codes starting with the typed part number, exact match first, then in code order. */
  suggestCodes(typed: string, limit: number): CodeSuggestion[] {
    const norm = normalizePartNumber(typed);
    if (!norm) return [];
    const found = new Map<string, string>();
    for (const [segment, dead] of this.segments()) {
      const [low, high] = segment.prefixRange(norm);
      let kept = 0;
      for (let doc = low; doc < high && kept < limit; doc++) {
        if (dead !== null && dead[doc] === 1) continue;
        const code = segment.codeAt(doc);
        if (found.has(code)) continue;
        found.set(code, segment.displayCodeAt(doc));
        kept++;
      }
    }
    const codes = [...found.keys()].sort((a, b) => Number(b === norm) - Number(a === norm) || (a < b ? -1 : a > b ? 1 : 0));
    return codes.slice(0, limit).map((code) => ({ code: found.get(code) ?? code, count: this.countPrefix(code) }));
  }

  /** Live parts of a brand. */
  brandCount(brandId: number): number {
    return this.base.brandDocs(brandId).length - (this.deadByBrand.get(brandId) ?? 0) + (this.overlay?.brandDocs(brandId).length ?? 0);
  }

  /** Live parts of the second-level categories given. */
  categoryCount(categoryIds: number[]): number {
    let count = 0;
    for (const id of categoryIds)
      count += this.base.categoryDocs(id).length - (this.deadByCategory.get(id) ?? 0) + (this.overlay?.categoryDocs(id).length ?? 0);
    return count;
  }

  private markDead(doc: number): void {
    if (this.dead[doc] === 1) return;
    this.dead[doc] = 1;
    this.deadDocs.splice(lowerBound(this.deadDocs, doc), 0, doc);
    const brandId = this.base.data.brandIds[doc] ?? 0;
    this.deadByBrand.set(brandId, (this.deadByBrand.get(brandId) ?? 0) + 1);
    const categoryId = this.base.data.categoryIds[doc] ?? 0;
    this.deadByCategory.set(categoryId, (this.deadByCategory.get(categoryId) ?? 0) + 1);
  }

  /** Brings changed products in (as read from the database now) and drops deleted ones. */
  applyChanges(changed: ProductDoc[], deletedIds: number[]): void {
    this.forgetMatches();
    let isOverlayChanged = false;
    for (const productId of deletedIds) {
      const doc = this.base.docOf(productId);
      if (doc >= 0) this.markDead(doc);
      isOverlayChanged = this.overlayDocs.delete(productId) || isOverlayChanged;
    }
    for (const product of changed) {
      const doc = this.overlayDocs.has(product.productId) ? -1 : this.base.docOf(product.productId);
      const data = this.base.data;
      if (doc >= 0 && this.dead[doc] === 0 && data.fingerprints[doc] === searchFingerprint(product)) {
        data.stocks[doc] = Math.min(product.stock, 2 ** 31 - 1);
        data.prices[doc] = product.priceE4 ?? Number.NaN;
        continue;
      }
      if (doc >= 0) this.markDead(doc);
      this.overlayDocs.set(product.productId, product);
      isOverlayChanged = true;
    }
    if (isOverlayChanged) this.rebuildOverlay();
  }

  private rebuildOverlay(): void {
    if (this.overlayDocs.size === 0) {
      this.overlay = null;
      return;
    }
    const builder = new SegmentBuilder(this.packages);
    for (const product of this.overlayDocs.values()) builder.add(product);
    this.overlay = builder.finish();
  }
}
