/* eslint-disable @typescript-eslint/non-nullable-type-assertion-style -- reads of typed arrays inside their bounds in hot loops: `as number` states it at no cost, and no-non-null-assertion (strict) forbids `!`; the two rules conflict */
import { normalizePartNumber, partNumberBase, partNumberBases } from '../../../../contract/part-number.ts';
import { packageKey, type Quantity } from '../../../../contract/value-query.ts';
import { docsOf, emptyDocs, intersectAll } from './postings.ts';
import type { SearchIndex } from './search-index.ts';
import { paramTermKeys, type ParamValue } from './segment-builder.ts';
import { matchTokens, matchWholeCode, type Matches } from './segment-query.ts';
import { TopDocs } from './segment-ranking.ts';
import { trigramKey, type Segment } from './segment.ts';
import { quantityQueryKey, wordKeys } from './terms.ts';

/**
 * Lookups for matching a bill of materials against the index, many lines at a time: exact and
 * packaging-variant codes, near codes (typos), parts by parameter values and package, keyword
 * matches ranked for buying, and parts with the same parameters for substitutes. Nothing here
 * reads the database.
 */

/** A part found, with what ranking needs before its row is read. */
export interface PartHit {
  productId: number;
  /** The normalised code. */
  code: string;
  packageName: string;
  brandId: number;
  categoryId: number;
  stock: number;
  /** First-tier unit price (0.0001 yuan); null without prices. */
  priceE4: number | null;
  /** How well it matched (keyword score; edit distance as a negative for near codes; 0 otherwise). */
  score: number;
}

/** Each inner list: the part must carry at least one of these term keys (`Q:Ω|10000`, `W:X7R`). */
export type TermRequirement = string[];

export interface ParameterQuery {
  requirements: TermRequirement[];
  /** A package as the catalogue writes it (any spelling of it matches); null for any package. */
  packageName: string | null;
  /** Second-level categories to keep to; null for all. */
  categoryIds: number[] | null;
  isInStockOnly: boolean;
  /** Product ids to leave out (the line's own candidates when looking for substitutes). */
  excludeProductIds: ReadonlySet<number>;
}

/** Longest code compared by edit distance (longer typed texts are not part numbers). */
const maxNearCodeLength = 40;
/** Posting entries read when looking for near codes; past it only the rarest trigrams are read. */
const nearCodePostingBudget = 80_000;
/** Codes compared by edit distance at most: those sharing the most trigrams with the typed one. */
const maxNearCandidates = 500;

function hitAt(segment: Segment, doc: number, score: number, packageNames: readonly string[]): PartHit {
  const { productIds, brandIds, categoryIds, stocks, prices, packageIds } = segment.data;
  const price = prices[doc] as number;
  return {
    productId: productIds[doc] as number,
    code: segment.codeAt(doc),
    packageName: packageNames[packageIds[doc] as number] ?? '',
    brandId: brandIds[doc] as number,
    categoryId: categoryIds[doc] as number,
    stock: stocks[doc] as number,
    priceE4: Number.isNaN(price) ? null : price,
    score,
  };
}

/** Larger first: enough stock for the line, then any stock, then the lower first-tier price. */
function buyingKey(stock: number, price: number, needed: number): number {
  const stockClass = stock >= needed && stock > 0 ? 2 : stock > 0 ? 1 : 0;
  return stockClass * 2 ** 41 - (Number.isNaN(price) ? 2 ** 40 : Math.min(price, 2 ** 40 - 1));
}

/** One step of score outranks any buying key. */
const scoreStep = 2 ** 43;

/** Rows of the edit-distance table, reused by every call (codes are short; calls run one at a time). */
let distanceRows: [Int32Array, Int32Array, Int32Array] = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/** Optimal-string-alignment distance of a and b, or maxEdits + 1 once it must exceed maxEdits. */
export function boundedEditDistance(a: string, b: string, maxEdits: number): number {
  if (Math.abs(a.length - b.length) > maxEdits) return maxEdits + 1;
  const width = b.length + 1;
  if (distanceRows[0].length < width) distanceRows = [new Int32Array(width), new Int32Array(width), new Int32Array(width)];
  let [previous2, previous, current] = distanceRows;
  for (let j = 0; j < width; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let value = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1))
        value = Math.min(value, (previous2[j - 2] as number) + 1);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > maxEdits) return maxEdits + 1;
    [previous2, previous, current] = [previous, current, previous2];
  }
  return Math.min(previous[b.length] as number, maxEdits + 1);
}

export class PartLookup {
  /** Trigram hit counts per doc, one array per segment, reset after each use. */
  private readonly counts = new WeakMap<Segment, Uint8Array>();
  private readonly keywordHits = new Map<string, PartHit[]>();

  constructor(private readonly index: SearchIndex) {}

  private hitAt(segment: Segment, doc: number, score: number): PartHit {
    return hitAt(segment, doc, score, this.index.packages.names);
  }

  /** Requirements for values: each quantity in base units (any unit when none was given), and any word of each group. */
  requirementsOf(quantities: readonly Quantity[], wordGroups: readonly (readonly string[])[]): TermRequirement[] {
    return [...quantities.map((quantity) => [quantityQueryKey(quantity)]), ...wordGroups.map((words) => words.flatMap((word) => wordKeys(word)))];
  }

  /** Brand ids a maker's name (either language) names. */
  brandIdsNamed(name: string): number[] {
    return this.index.dictionary.matchBrands(name).map((match) => match.entry.id);
  }

  /** The term keys a parameter value is indexed under, each of which the part must carry. */
  paramRequirements(param: ParamValue): TermRequirement[] {
    return paramTermKeys(param).map((key) => [key]);
  }

  /** The live part of a product id (the overlay holds the newer copy of a changed part). */
  byProductId(productId: number): PartHit | null {
    const segments = this.index.liveSegments();
    for (let i = segments.length - 1; i >= 0; i--) {
      const [segment, dead] = segments[i] ?? [];
      if (!segment) continue;
      const doc = segment.docOf(productId);
      if (doc >= 0 && dead?.[doc] !== 1) return this.hitAt(segment, doc, 0);
    }
    return null;
  }

  /**
   * Parts whose code is the typed one (`exact`), else its base without packaging suffixes
   * (`LM358DR/TR` → LM358DR); `variants` are other packagings of the same base (STM32F103C8T6TR).
   */
  byCode(typed: string): { exact: PartHit[]; variants: PartHit[] } {
    const norm = normalizePartNumber(typed);
    const base = partNumberBase(typed);
    if (norm.length < 2) return { exact: [], variants: [] };
    let exact = this.inRanges((segment) => segment.exactRange(norm));
    for (const stripped of partNumberBases(typed)) {
      if (exact.length > 0) break;
      exact = this.inRanges((segment) => segment.exactRange(stripped));
    }
    const seen = new Set(exact.map((hit) => hit.productId));
    const variants: PartHit[] = [];
    for (const [segment, dead] of this.index.liveSegments()) {
      const [low, high] = segment.prefixRange(base);
      for (let doc = low; doc < Math.min(high, low + 64); doc++) {
        if (dead?.[doc] === 1) continue;
        const hit = this.hitAt(segment, doc, 0);
        if (seen.has(hit.productId) || partNumberBase(segment.displayCodeAt(doc)) !== base) continue;
        seen.add(hit.productId);
        variants.push(hit);
      }
    }
    return { exact, variants };
  }

  private inRanges(rangeOf: (segment: Segment) => [number, number]): PartHit[] {
    const hits: PartHit[] = [];
    for (const [segment, dead] of this.index.liveSegments()) {
      const [low, high] = rangeOf(segment);
      for (let doc = low; doc < high; doc++) if (dead?.[doc] !== 1) hits.push(this.hitAt(segment, doc, 0));
    }
    return hits;
  }

  /** The best `limit` parts whose code starts with the typed code's base (`STM32F103C8` → STM32F103C8T6…). */
  byCodePrefix(typed: string, needed: number, limit: number): PartHit[] {
    const base = partNumberBase(typed);
    if (base.length < 4) return [];
    return this.best(limit, (offer) => {
      for (const [segment, dead] of this.index.liveSegments()) {
        const [low, high] = segment.prefixRange(base);
        for (let doc = low; doc < high; doc++) if (dead?.[doc] !== 1) offer(segment, doc, 0, needed);
      }
    });
  }

  /**
   * Parts whose code is within a small edit distance of the typed one (one edit up to 15
   * characters, two from 16): the codes sharing a long prefix and those sharing most trigrams
   * (a typo near the start) are compared by a bounded distance.
   * A code within d edits shares all but 3d of the typed code's trigrams.
   */
  nearCodes(typed: string, needed: number, limit: number): PartHit[] {
    const norm = normalizePartNumber(typed);
    if (norm.length < 5 || norm.length > maxNearCodeLength) return [];
    const maxEdits = norm.length >= 16 ? 2 : 1;
    const found: { segment: Segment; doc: number; distance: number }[] = [];
    for (const [segment, dead] of this.index.liveSegments()) {
      const [low, high] = widestSmallPrefixRange(segment, norm);
      const candidates = new Set(this.trigramCandidates(segment, norm, maxEdits));
      for (let doc = low; doc < high; doc++) candidates.add(doc);
      for (const doc of candidates) {
        if (dead?.[doc] === 1) continue;
        const distance = boundedEditDistance(norm, segment.codeAt(doc), maxEdits);
        if (distance <= maxEdits && distance > 0) found.push({ segment, doc, distance });
      }
    }
    return this.best(limit, (offer) => {
      for (const { segment, doc, distance } of found) offer(segment, doc, -distance, needed);
    });
  }

  private trigramCandidates(segment: Segment, norm: string, maxEdits: number): number[] {
    const keys = new Set<number>();
    for (let i = 0; i + 3 <= norm.length; i++) keys.add(trigramKey(norm, i));
    const lists = [...keys].map((key) => docsOf(segment.data.trigrams, key)).sort((a, b) => a.length - b.length);
    // Read the rarest lists within the budget, but never fewer than 3d + 1 (one of which any near code has).
    let read = 0;
    let total = 0;
    while (read < lists.length && (read < 3 * maxEdits + 1 || total + (lists[read]?.length ?? 0) <= nearCodePostingBudget)) total += lists[read++]?.length ?? 0;
    const needed = Math.max(1, read - 3 * maxEdits);
    let counts = this.counts.get(segment);
    if (!counts) {
      counts = new Uint8Array(segment.size);
      this.counts.set(segment, counts);
    }
    const touched: number[] = [];
    for (let l = 0; l < read; l++) {
      const list = lists[l] ?? emptyDocs;
      // eslint-disable-next-line @typescript-eslint/prefer-for-of -- indexed loop over a typed array (hot)
      for (let i = 0; i < list.length; i++) {
        const doc = list[i] as number;
        const count = counts[doc] as number;
        if (count === 0) touched.push(doc);
        if (count < 255) counts[doc] = count + 1;
      }
    }
    // The docs sharing the most trigrams, no more than maxNearCandidates: the threshold rises until they fit.
    const histogram = new Uint32Array(256);
    for (const doc of touched) histogram[counts[doc] as number] = (histogram[counts[doc] as number] as number) + 1;
    let threshold = 255;
    for (let kept = histogram[255] as number; threshold > needed && kept + (histogram[threshold - 1] as number) <= maxNearCandidates;)
      kept += histogram[--threshold] as number;
    const candidates: number[] = [];
    for (const doc of touched) {
      if ((counts[doc] as number) >= threshold) candidates.push(doc);
      counts[doc] = 0;
    }
    return candidates;
  }

  /** Parts carrying every required value (and the package, within the categories), best for buying first. */
  byParameters(query: ParameterQuery, needed: number, limit: number): PartHit[] {
    const packageIds = query.packageName === null ? null : this.index.packages.idsForKey(packageKey(query.packageName));
    if (packageIds?.length === 0 || (query.requirements.length === 0 && packageIds === null)) return [];
    return this.best(limit, (offer) => {
      for (const [segment, dead] of this.index.liveSegments()) {
        const lists: Uint32Array[] = query.requirements.map((keys) => unionOf(keys.map((key) => segment.termDocs(key))));
        if (packageIds) lists.push(unionOf(packageIds.map((id) => segment.packageDocs(id))));
        if (query.categoryIds) lists.push(unionOf(query.categoryIds.map((id) => segment.categoryDocs(id))));
        const stocks = segment.data.stocks;
        const productIds = segment.data.productIds;
        for (const doc of intersectAll(lists, segment.size)) {
          if (dead?.[doc] === 1 || (query.isInStockOnly && (stocks[doc] as number) <= 0) || query.excludeProductIds.has(productIds[doc] as number)) continue;
          offer(segment, doc, 0, needed);
        }
      }
    });
  }

  /** Search's matching of a keyword (every word must match), ranked by score and then for buying; kept for the lookup's life (BOMs repeat names). */
  byKeyword(keyword: string, needed: number, limit: number): PartHit[] {
    const key = `${needed}|${limit}|${keyword}`;
    const known = this.keywordHits.get(key);
    if (known) return known;
    const hits = this.best(limit, (offer) => {
      for (const [segment, matches] of this.keywordMatches(keyword)) {
        for (let i = 0; i < matches.docs.length; i++) offer(segment, matches.docs[i] as number, matches.scores[i] as number, needed);
      }
    });
    this.keywordHits.set(key, hits);
    return hits;
  }

  /**
   * Search's matching of a keyword, leaner for BOM names: a word that names a category or a package
   * (贴片电阻, 0603) matches by that list alone, not also by its characters in descriptions, which
   * for the largest categories means intersecting lists of most of the catalogue.
   */
  private keywordMatches(keyword: string): [Segment, Matches][] {
    const compiled = this.index.compile(keyword);
    const tokens = compiled.tokens.map((token) => (token.categoryIds.length > 0 || token.packageIds.length > 0 ? { ...token, wordKeys: [] } : token));
    const segments = this.index.liveSegments();
    if (compiled.whole) {
      const whole = compiled.whole;
      const found = segments.map(([segment, dead]): [Segment, Matches] => [segment, matchWholeCode(segment, whole, dead)]);
      if (found.some(([, matches]) => matches.docs.length > 0)) return found;
    }
    return segments.map(([segment, dead]): [Segment, Matches] => [segment, matchTokens(segment, tokens, dead)]);
  }

  /** How many parts a keyword matches (to drop words that match nothing). */
  keywordCount(keyword: string): number {
    return this.keywordMatches(keyword).reduce((sum, [, matches]) => sum + matches.docs.length, 0);
  }

  /** The best `limit` offers: higher score first, then buyingKey; kept per segment, merged. */
  private best(limit: number, visit: (offer: (segment: Segment, doc: number, score: number, needed: number) => void) => void): PartHit[] {
    const tops = new Map<Segment, TopDocs>();
    visit((segment, doc, score, needed) => {
      let top = tops.get(segment);
      if (!top) {
        top = new TopDocs(limit);
        tops.set(segment, top);
      }
      const { stocks, prices } = segment.data;
      top.offer(score * scoreStep + buyingKey(stocks[doc] as number, prices[doc] as number, needed), doc, score);
    });
    const merged: { key: number; hit: PartHit }[] = [];
    for (const [segment, top] of tops) for (const { key, doc, score } of top.sorted()) merged.push({ key, hit: this.hitAt(segment, doc, score) });
    return merged
      .sort((a, b) => b.key - a.key || a.hit.productId - b.hit.productId)
      .slice(0, limit)
      .map((entry) => entry.hit);
  }
}

/**
 * The codes sharing the longest prefix with the typed one that still number at most
 * maxNearCandidates: a typo after that prefix leaves the part inside it, whatever its trigrams.
 */
function widestSmallPrefixRange(segment: Segment, norm: string): [number, number] {
  let widest: [number, number] = [0, 0];
  for (let length = norm.length - 1; length >= 3; length--) {
    const range = segment.prefixRange(norm.slice(0, length));
    if (range[1] - range[0] > maxNearCandidates) break;
    widest = range;
  }
  return widest;
}

/** Docs in any of the lists, ascending. */
function unionOf(lists: Uint32Array[]): Uint32Array {
  const nonEmpty = lists.filter((list) => list.length > 0);
  if (nonEmpty.length <= 1) return nonEmpty[0] ?? emptyDocs;
  const all = new Uint32Array(nonEmpty.reduce((sum, list) => sum + list.length, 0));
  let at = 0;
  for (const list of nonEmpty) {
    all.set(list, at);
    at += list.length;
  }
  all.sort();
  let kept = 0;
  for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) all[kept++] = all[i] as number;
  return all.subarray(0, kept);
}
