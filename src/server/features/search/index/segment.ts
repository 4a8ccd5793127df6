import { utf8Bytes, type PackedStrings } from './packed-strings.ts';
import { bitSetOf, DocScratch, docsOf, emptyDocs, intersectAll, intersectWithBitSets, type Postings } from './postings.ts';

/**
 * An immutable slice of the index. Docs are numbered in order of normalised code, so the
 * parts starting with a prefix are one contiguous doc range found by binary search.
 */
export interface SegmentData {
  productIds: Int32Array;
  /** Normalised codes, ascending (read them with codeAt). */
  codes: PackedStrings;
  /** Codes as the maker writes them, '' where that is the normalised code (read them with displayCodeAt). */
  displayCodes: PackedStrings;
  brandIds: Int32Array;
  categoryIds: Int32Array;
  packageIds: Int32Array;
  stocks: Int32Array;
  /** Unit price at the first tier, e4; NaN for a part without prices. */
  prices: Float64Array;
  fingerprints: Uint32Array;
  trigrams: Postings;
  terms: Map<string, number>;
  termPostings: Postings;
  brandPostings: Postings;
  categoryPostings: Postings;
  packagePostings: Postings;
  /** Docs ordered by product id, for finding a product's doc. */
  byProduct: Uint32Array;
}

const trigramSlots = 64;
export const trigramKeyCount = trigramSlots ** 3;

function charSlot(code: number): number {
  if (code >= 48 && code <= 57) return code - 47;
  if (code >= 65 && code <= 90) return code - 54;
  return 37 + (code % 27);
}

export function trigramKey(text: string, at: number): number {
  return (charSlot(text.charCodeAt(at)) << 12) | (charSlot(text.charCodeAt(at + 1)) << 6) | charSlot(text.charCodeAt(at + 2));
}

const substringResults = new DocScratch();

export interface SegmentOptions {
  /** A term in this share of the catalogue or more also gets a bit set (625 kB each at 5,000,000 parts; 113 of them). */
  bitSetShare: number;
  /** Below this many docs a list is walked: a bit set would not pay for itself. */
  bitSetMinDocs: number;
}

export const defaultSegmentOptions: SegmentOptions = { bitSetShare: 1 / 32, bitSetMinDocs: 65_536 };

export class Segment {
  /** Bit sets of the largest term lists, by term id, for intersecting words that half the catalogue has. */
  private readonly termBitSets = new Map<number, Uint32Array>();

  constructor(
    readonly data: SegmentData,
    options: SegmentOptions = defaultSegmentOptions,
  ) {
    const { offsets } = data.termPostings;
    const minDocs = Math.max(options.bitSetMinDocs, this.size * options.bitSetShare);
    for (let id = 0; id + 1 < offsets.length; id++) {
      const docs = docsOf(data.termPostings, id);
      if (docs.length >= minDocs) this.termBitSets.set(id, bitSetOf(docs, this.size));
    }
  }

  get bitSetBytes(): number {
    let bytes = 0;
    for (const bits of this.termBitSets.values()) bytes += bits.byteLength;
    return bytes;
  }

  get size(): number {
    return this.data.productIds.length;
  }

  /** The normalised code of a doc. */
  codeAt(doc: number): string {
    return this.data.codes.at(doc);
  }

  /** The code of a doc as the maker writes it. */
  displayCodeAt(doc: number): string {
    return this.data.displayCodes.byteLengthAt(doc) === 0 ? this.data.codes.at(doc) : this.data.displayCodes.at(doc);
  }

  /** Docs [low, high) whose normalised code starts with the prefix. */
  prefixRange(prefix: string): [number, number] {
    const codes = this.data.codes;
    let low = 0;
    let high = codes.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (codes.at(mid) < prefix) low = mid + 1;
      else high = mid;
    }
    const start = low;
    high = codes.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (codes.at(mid).startsWith(prefix)) low = mid + 1;
      else high = mid;
    }
    return [start, low];
  }

  /** Docs whose code equals the normalised code exactly (a sub-range of its prefix range). */
  exactRange(code: string): [number, number] {
    const [low, high] = this.prefixRange(code);
    const length = Buffer.byteLength(code);
    let end = low;
    // Within the prefix range, a code of the prefix's length is the prefix itself.
    while (end < high && this.data.codes.byteLengthAt(end) === length) end++;
    return [low, end];
  }

  /** Docs whose code contains the text (three characters or more): trigram lists, then a check. Valid until the next call. */
  substringDocs(text: string): Uint32Array {
    if (text.length < 3) return emptyDocs;
    const keys = new Set<number>();
    for (let i = 0; i + 3 <= text.length; i++) keys.add(trigramKey(text, i));
    const candidates = intersectAll(
      [...keys].map((key) => docsOf(this.data.trigrams, key)),
      this.size,
    );
    // A trigram of letters and digits is exact (a slot per character): its list is the answer (X7R).
    if (/^[0-9A-Z]{3}$/.test(text)) return candidates;
    const found = substringResults.take(candidates.length);
    const needle = utf8Bytes(text);
    let count = 0;
    for (const doc of candidates) if (this.data.codes.includesAt(doc, needle)) found[count++] = doc;
    return found.subarray(0, count);
  }

  termDocs(key: string): Uint32Array {
    const id = this.data.terms.get(key);
    return id === undefined ? emptyDocs : docsOf(this.data.termPostings, id);
  }

  /** The bit sets of the terms when every one has one (and is known), else null. */
  bitSetsOfTerms(keys: readonly string[]): Uint32Array[] | null {
    const sets: Uint32Array[] = [];
    for (const key of keys) {
      const id = this.data.terms.get(key);
      const set = id === undefined ? undefined : this.termBitSets.get(id);
      if (!set) return null;
      sets.push(set);
    }
    return sets;
  }

  /** Docs having every one of the terms. Valid until the next call. */
  docsWithEveryTerm(keys: readonly string[]): Uint32Array {
    const ids = keys.map((key) => this.data.terms.get(key));
    if (ids.some((id) => id === undefined)) return emptyDocs;
    const termIds = ids as number[];
    return intersectWithBitSets(
      termIds.map((id) => docsOf(this.data.termPostings, id)),
      termIds.map((id) => this.termBitSets.get(id)),
      this.size,
    );
  }

  brandDocs(brandId: number): Uint32Array {
    return docsOf(this.data.brandPostings, brandId);
  }

  categoryDocs(categoryId: number): Uint32Array {
    return docsOf(this.data.categoryPostings, categoryId);
  }

  packageDocs(packageId: number): Uint32Array {
    return docsOf(this.data.packagePostings, packageId);
  }

  /** The doc of a product, or -1. */
  docOf(productId: number): number {
    const { byProduct, productIds } = this.data;
    let low = 0;
    let high = byProduct.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((productIds[byProduct[mid] ?? 0] ?? 0) < productId) low = mid + 1;
      else high = mid;
    }
    const doc = byProduct[low];
    return doc !== undefined && productIds[doc] === productId ? doc : -1;
  }
}
