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

/**
 * A growable buffer for one kind of passing result (the docs of a word, of a substring), reused by
 * every query: queries run one at a time on the event loop and read such a result at once. A fresh
 * array of millions of docs costs more in page faults than its work (40 ms for 10 MB on our VM).
 */
export class DocScratch {
  private buffer = new Uint32Array(0);

  /** A view of `length` docs, valid until the next call. */
  take(length: number): Uint32Array {
    if (this.buffer.length < length) this.buffer = new Uint32Array(Math.max(length, this.buffer.length * 2));
    return this.buffer.subarray(0, length);
  }
}

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
 * galloping search in the others. Large lists (a word in half the catalogue): marked in bit sets,
 * which is linear.
 */
export function intersectAll(lists: Uint32Array[], docCount = 0): Uint32Array {
  if (lists.length === 0) return emptyDocs;
  if (lists.length === 1) return lists[0] ?? emptyDocs;
  const sorted = [...lists].sort((a, b) => a.length - b.length);
  const smallest = sorted[0]?.length ?? 0;
  if (docCount > 0 && smallest > docCount / 64) return intersectByBits(sorted, docCount);
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

/**
 * Two bit sets of every doc, reused by each large intersection (queries run one at a time on the
 * event loop): 625 kB each at 5,000,000 parts, where a byte per doc took 5 MB, allocated and
 * zeroed per call, and twice the time (厚膜贴片电阻 at 5M: five lists of 1.3–2.7M docs).
 */
let survivorBits = new Uint32Array(0);
let nextBits = new Uint32Array(0);

/** Lists sorted smallest first: the docs of the first found in every other. */
function intersectByBits(lists: Uint32Array[], docCount: number): Uint32Array {
  const words = (docCount + 31) >>> 5;
  if (survivorBits.length < words) {
    survivorBits = new Uint32Array(words);
    nextBits = new Uint32Array(words);
  }
  let survivors = survivorBits;
  let next = nextBits;
  survivors.fill(0, 0, words);
  const smallest = lists[0] ?? emptyDocs;
  // Indexed loops over typed arrays: for-of measured twice as slow here (Node 20).
  // eslint-disable-next-line @typescript-eslint/prefer-for-of
  for (let i = 0; i < smallest.length; i++) {
    const doc = smallest[i] as number;
    survivors[doc >>> 5] = (survivors[doc >>> 5] as number) | (1 << (doc & 31));
  }
  for (let l = 1; l < lists.length; l++) {
    const list = lists[l] ?? emptyDocs;
    next.fill(0, 0, words);
    // eslint-disable-next-line @typescript-eslint/prefer-for-of
    for (let i = 0; i < list.length; i++) {
      const doc = list[i] as number;
      const word = doc >>> 5;
      const bit = 1 << (doc & 31);
      if (((survivors[word] as number) & bit) !== 0) next[word] = (next[word] as number) | bit;
    }
    [survivors, next] = [next, survivors];
  }
  const kept = new Uint32Array(smallest.length);
  let count = 0;
  // eslint-disable-next-line @typescript-eslint/prefer-for-of
  for (let i = 0; i < smallest.length; i++) {
    const doc = smallest[i] as number;
    if (((survivors[doc >>> 5] as number) & (1 << (doc & 31))) !== 0) kept[count++] = doc;
  }
  return kept.subarray(0, count);
}

/** The docs of a list as a bit set: bit (doc & 31) of word doc >>> 5. */
export function bitSetOf(docs: Uint32Array, docCount: number): Uint32Array {
  const bits = new Uint32Array((docCount + 31) >>> 5);
  // eslint-disable-next-line @typescript-eslint/prefer-for-of
  for (let i = 0; i < docs.length; i++) {
    const doc = docs[i] as number;
    bits[doc >>> 5] = (bits[doc >>> 5] as number) | (1 << (doc & 31));
  }
  return bits;
}

/** Whether the doc's bit is set in every one of the bit sets. */
export function isInEveryBitSet(sets: readonly Uint32Array[], doc: number): boolean {
  const word = doc >>> 5;
  const bit = 1 << (doc & 31);
  for (const set of sets) if (((set[word] as number) & bit) === 0) return false;
  return true;
}

function bitCount(word: number): number {
  let count = word - ((word >>> 1) & 0x55555555);
  count = (count & 0x33333333) + ((count >>> 2) & 0x33333333);
  return (((count + (count >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

const bitSetResults = new DocScratch();

/**
 * Docs in every list, where the largest lists also come as bit sets (`bitSets[i]` for `lists[i]`,
 * or undefined): the bit sets are ANDed a word (32 docs) at a time, and the other lists, intersected
 * first, are checked against them. Three words in half the catalogue each meet in about 5 ms at
 * 5,000,000 parts, where walking their lists took 40–60 ms. The answer is valid until the next call.
 */
export function intersectWithBitSets(lists: Uint32Array[], bitSets: readonly (Uint32Array | undefined)[], docCount: number): Uint32Array {
  const sets = bitSets.filter((set): set is Uint32Array => set !== undefined);
  if (sets.length === 0 || lists.length < 2) return intersectAll(lists, docCount);
  const plain = lists.filter((_, i) => bitSets[i] === undefined);
  if (plain.length > 0) {
    const candidates = intersectAll(plain, docCount);
    const kept = bitSetResults.take(candidates.length);
    let count = 0;
    // eslint-disable-next-line @typescript-eslint/prefer-for-of
    for (let i = 0; i < candidates.length; i++) {
      const doc = candidates[i] as number;
      if (isInEveryBitSet(sets, doc)) kept[count++] = doc;
    }
    return kept.subarray(0, count);
  }
  const words = (docCount + 31) >>> 5;
  if (survivorBits.length < words) {
    survivorBits = new Uint32Array(words);
    nextBits = new Uint32Array(words);
  }
  const both = survivorBits;
  both.set((sets[0] as Uint32Array).subarray(0, words));
  for (let s = 1; s < sets.length; s++) {
    const set = sets[s] as Uint32Array;
    for (let w = 0; w < words; w++) both[w] = (both[w] as number) & (set[w] as number);
  }
  // Words are read as int32 (`| 0`): a uint32 above 2^31 would be a double and slow every bit operation.
  let total = 0;
  for (let w = 0; w < words; w++) if (both[w] !== 0) total += bitCount((both[w] as number) | 0);
  const docs = bitSetResults.take(total);
  let count = 0;
  for (let w = 0; w < words; w++) {
    let word = (both[w] as number) | 0;
    while (word !== 0) {
      const lowest = word & -word;
      docs[count++] = (w << 5) | (31 - Math.clz32(lowest));
      word ^= lowest;
    }
  }
  return docs;
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
