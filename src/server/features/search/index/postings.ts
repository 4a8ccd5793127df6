/* eslint-disable @typescript-eslint/non-nullable-type-assertion-style -- reads of typed arrays inside their bounds in hot loops: `as number` states it at no cost, and no-non-null-assertion (strict) forbids `!`; the two rules conflict */
/**
 * Posting lists in compressed-row form: the docs of key k are docs[offsets[k] … offsets[k+1]),
 * ascending. Two typed arrays instead of a Map of arrays keep a million-part index compact.
 */
export interface Postings {
  offsets: Uint32Array;
  docs: Uint32Array;
}

export const emptyDocs = new Uint32Array(0);

export function docsOf(postings: Postings, key: number): Uint32Array {
  if (key < 0 || key + 1 >= postings.offsets.length) return emptyDocs;
  const start = postings.offsets[key] ?? 0;
  const end = postings.offsets[key + 1] ?? start;
  return postings.docs.subarray(start, end);
}

export function bump(counts: Uint32Array, index: number): void {
  counts[index] = (counts[index] ?? 0) + 1;
}

/** The next free slot of a key while filling lists, advancing its cursor. */
export function takeSlot(cursor: Uint32Array, key: number): number {
  const slot = cursor[key] ?? 0;
  cursor[key] = slot + 1;
  return slot;
}

/** (key, doc) pairs gathered while reading products; grows by doubling. */
export class PairList {
  keys = new Uint32Array(1024);
  docs = new Uint32Array(1024);
  length = 0;

  push(key: number, doc: number): void {
    if (this.length === this.keys.length) {
      const keys = new Uint32Array(this.keys.length * 2);
      keys.set(this.keys);
      this.keys = keys;
      const docs = new Uint32Array(this.docs.length * 2);
      docs.set(this.docs);
      this.docs = docs;
    }
    this.keys[this.length] = key;
    this.docs[this.length] = doc;
    this.length++;
  }
}

/**
 * Groups pairs by key with docs ascending. `rank` renumbers docs first (load order → final
 * order); a stable counting sort by doc, then by key, gives sorted lists in O(pairs).
 */
export function buildPostings(pairs: PairList, keyCount: number, docCount: number, rank?: Uint32Array): Postings {
  const n = pairs.length;
  const byDoc = new Uint32Array(n);
  const docStarts = new Uint32Array(docCount + 1);
  for (let i = 0; i < n; i++) {
    const doc = rank ? (rank[pairs.docs[i] ?? 0] ?? 0) : (pairs.docs[i] ?? 0);
    bump(docStarts, doc + 1);
  }
  for (let d = 0; d < docCount; d++) docStarts[d + 1] = (docStarts[d + 1] ?? 0) + (docStarts[d] ?? 0);
  for (let i = 0; i < n; i++) {
    const doc = rank ? (rank[pairs.docs[i] ?? 0] ?? 0) : (pairs.docs[i] ?? 0);
    byDoc[takeSlot(docStarts, doc)] = i;
  }

  const offsets = new Uint32Array(keyCount + 1);
  for (let i = 0; i < n; i++) bump(offsets, (pairs.keys[i] ?? 0) + 1);
  for (let k = 0; k < keyCount; k++) offsets[k + 1] = (offsets[k + 1] ?? 0) + (offsets[k] ?? 0);
  const cursor = offsets.slice(0, keyCount);
  const docs = new Uint32Array(n);
  for (let j = 0; j < n; j++) {
    const i = byDoc[j] ?? 0;
    const key = pairs.keys[i] ?? 0;
    docs[takeSlot(cursor, key)] = rank ? (rank[pairs.docs[i] ?? 0] ?? 0) : (pairs.docs[i] ?? 0);
  }
  return { offsets, docs };
}

/** Postings of a per-doc column (brand, category, package): docs are already in order. */
export function postingsOfColumn(values: Int32Array, keyCount: number): Postings {
  const offsets = new Uint32Array(keyCount + 1);
  for (const value of values) if (value >= 0) bump(offsets, value + 1);
  for (let k = 0; k < keyCount; k++) offsets[k + 1] = (offsets[k + 1] ?? 0) + (offsets[k] ?? 0);
  const cursor = offsets.slice(0, keyCount);
  const docs = new Uint32Array(offsets[keyCount] ?? 0);
  for (let doc = 0; doc < values.length; doc++) {
    const value = values[doc] ?? -1;
    if (value >= 0) docs[takeSlot(cursor, value)] = doc;
  }
  return { offsets, docs };
}

/**
 * Docs in every list (all ascending). Small lists: the smallest first, each doc probed by
 * galloping search in the others. Large lists (a word in half the catalogue): counted per doc
 * in a byte array, which is linear.
 */
export function intersectAll(lists: Uint32Array[], docCount = 0): Uint32Array {
  if (lists.length === 0) return emptyDocs;
  if (lists.length === 1) return lists[0] ?? emptyDocs;
  const sorted = [...lists].sort((a, b) => a.length - b.length);
  const smallest = sorted[0]?.length ?? 0;
  if (docCount > 0 && lists.length < 255 && smallest > docCount / 64) return intersectByCounting(sorted, docCount);
  let result: Uint32Array = sorted[0] ?? emptyDocs;
  for (let l = 1; l < sorted.length && result.length > 0; l++) {
    const other = sorted[l] ?? emptyDocs;
    const kept = new Uint32Array(result.length);
    let count = 0;
    let low = 0;
    for (const doc of result) {
      low = lowerBound(other, doc, low);
      if (low >= other.length) break;
      if (other[low] === doc) kept[count++] = doc;
    }
    result = kept.subarray(0, count);
  }
  return result;
}

function intersectByCounting(lists: Uint32Array[], docCount: number): Uint32Array {
  const counts = new Uint8Array(docCount);
  // Indexed loops over typed arrays: for-of measured twice as slow here (Node 20).
  // eslint-disable-next-line @typescript-eslint/prefer-for-of
  for (const list of lists) for (let i = 0; i < list.length; i++) counts[list[i] as number] = (counts[list[i] as number] as number) + 1;
  const smallest = lists[0] ?? emptyDocs;
  const kept = new Uint32Array(smallest.length);
  let count = 0;
  // eslint-disable-next-line @typescript-eslint/prefer-for-of
  for (let i = 0; i < smallest.length; i++) {
    const doc = smallest[i] as number;
    if (counts[doc] === lists.length) kept[count++] = doc;
  }
  return kept.subarray(0, count);
}

/** First index i ≥ from with list[i] ≥ value (galloping, then binary search). */
export function lowerBound(list: ArrayLike<number>, value: number, from = 0): number {
  let step = 1;
  let high = from;
  while (high < list.length && (list[high] ?? 0) < value) {
    from = high + 1;
    high += step;
    step *= 2;
  }
  high = Math.min(high, list.length);
  while (from < high) {
    const mid = (from + high) >>> 1;
    if ((list[mid] ?? 0) < value) from = mid + 1;
    else high = mid;
  }
  return from;
}
