import { docsOf, emptyDocs, intersectAll, type Postings } from './postings.ts';

/**
 * An immutable slice of the index. Docs are numbered in order of normalised code, so the
 * parts starting with a prefix are one contiguous doc range found by binary search.
 */
export interface SegmentData {
  productIds: Int32Array;
  /** Normalised codes, ascending. */
  codes: string[];
  /** Codes as the maker writes them (the same string when nothing differs). */
  displayCodes: string[];
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

export class Segment {
  constructor(readonly data: SegmentData) {}

  get size(): number {
    return this.data.productIds.length;
  }

  /** Docs [low, high) whose normalised code starts with the prefix. */
  prefixRange(prefix: string): [number, number] {
    const codes = this.data.codes;
    let low = 0;
    let high = codes.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((codes[mid] ?? '') < prefix) low = mid + 1;
      else high = mid;
    }
    const start = low;
    high = codes.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((codes[mid] ?? '').startsWith(prefix)) low = mid + 1;
      else high = mid;
    }
    return [start, low];
  }

  /** Docs whose code equals the normalised code exactly (a sub-range of its prefix range). */
  exactRange(code: string): [number, number] {
    const [low, high] = this.prefixRange(code);
    let end = low;
    while (end < high && this.data.codes[end] === code) end++;
    return [low, end];
  }

  /** Docs whose code contains the text (three characters or more): trigram lists, then a check. */
  substringDocs(text: string): Uint32Array {
    if (text.length < 3) return emptyDocs;
    const keys = new Set<number>();
    for (let i = 0; i + 3 <= text.length; i++) keys.add(trigramKey(text, i));
    const candidates = intersectAll(
      [...keys].map((key) => docsOf(this.data.trigrams, key)),
      this.size,
    );
    const found = new Uint32Array(candidates.length);
    let count = 0;
    for (const doc of candidates) if ((this.data.codes[doc] ?? '').includes(text)) found[count++] = doc;
    return found.subarray(0, count);
  }

  termDocs(key: string): Uint32Array {
    const id = this.data.terms.get(key);
    return id === undefined ? emptyDocs : docsOf(this.data.termPostings, id);
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
