import type { Matches } from './segment-query.ts';
import type { Segment } from './segment.ts';

export type SegmentMatches = [Segment, Matches][];

/** Arrays below this many docs are not worth recycling. */
const smallestPooled = 1_024;

/**
 * Recent keywords' matches (buyers page and click filters on one keyword), least recently used
 * dropped first, up to `maxDocs` docs in all; a keyword matching more than a quarter of that is
 * not kept. A match answer lives in its segment's reused arrays, so a kept one is a copy, made in
 * arrays recycled from dropped keywords: a fresh array of hundreds of thousands of docs costs
 * more in page faults than the copy (a 2.8 MB copy took 10 ms fresh on our VM, 1 ms recycled).
 */
export class KeptMatches {
  private readonly byKeyword = new Map<string, SegmentMatches>();
  private keptDocs = 0;
  /** Dropped arrays by capacity (a power of two), at most `maxDocs` docs in all. */
  private readonly free = new Map<number, Matches[]>();
  private freeDocs = 0;

  constructor(private readonly maxDocs: number) {}

  get(keyword: string): SegmentMatches | undefined {
    const kept = this.byKeyword.get(keyword);
    if (kept) {
      // Most recently used last: Map keeps insertion order.
      this.byKeyword.delete(keyword);
      this.byKeyword.set(keyword, kept);
    }
    return kept;
  }

  /** Keeps a copy of a keyword's matches when they are small enough. */
  keep(keyword: string, found: SegmentMatches): void {
    const size = docCount(found);
    if (size > this.maxDocs / 4 || this.byKeyword.has(keyword)) return;
    this.byKeyword.set(
      keyword,
      found.map(([segment, matches]) => [segment, this.copyOf(matches)]),
    );
    this.keptDocs += size;
    for (const [oldest, entry] of this.byKeyword) {
      if (this.keptDocs <= this.maxDocs) break;
      this.drop(oldest, entry);
    }
  }

  /** Forgets every keyword (any change to the index; benchmarks measure cold searches). */
  clear(): void {
    for (const [keyword, entry] of this.byKeyword) this.drop(keyword, entry);
  }

  private drop(keyword: string, entry: SegmentMatches): void {
    this.byKeyword.delete(keyword);
    this.keptDocs -= docCount(entry);
    for (const [, matches] of entry) this.recycle(matches);
  }

  private copyOf(matches: Matches): Matches {
    const length = matches.docs.length;
    const capacity = Math.max(smallestPooled, 2 ** Math.ceil(Math.log2(Math.max(1, length))));
    const recycled = this.free.get(capacity)?.pop();
    if (recycled) this.freeDocs -= capacity;
    const docs = recycled?.docs ?? new Uint32Array(capacity);
    const scores = recycled?.scores ?? new Int32Array(capacity);
    docs.set(matches.docs);
    scores.set(matches.scores);
    return { docs: docs.subarray(0, length), scores: scores.subarray(0, length) };
  }

  private recycle(matches: Matches): void {
    const docs = new Uint32Array(matches.docs.buffer);
    const scores = new Int32Array(matches.scores.buffer);
    const capacity = docs.length;
    if (this.freeDocs + capacity > this.maxDocs) return;
    const list = this.free.get(capacity) ?? [];
    list.push({ docs, scores });
    this.free.set(capacity, list);
    this.freeDocs += capacity;
  }
}

function docCount(found: SegmentMatches): number {
  return found.reduce((sum, [, matches]) => sum + matches.docs.length, 0);
}
