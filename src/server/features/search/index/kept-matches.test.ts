import { describe, expect, it } from 'vitest';
import { KeptMatches, type SegmentMatches } from './kept-matches.ts';
import { PackageTable, SegmentBuilder } from './segment-builder.ts';

/** The matches are only carried along with their segment: an empty one stands for it here. */
const segment = new SegmentBuilder(new PackageTable()).finish();

function matchesOf(docs: number[]): SegmentMatches {
  return [[segment, { docs: Uint32Array.from(docs), scores: Int32Array.from(docs, (doc) => doc * 10) }]];
}

function docsOf(found: SegmentMatches | undefined): number[] {
  return found ? [...(found[0]?.[1].docs ?? [])] : [];
}

describe('KeptMatches', () => {
  it('keeps a copy that later matches written into the same arrays do not change', () => {
    const kept = new KeptMatches(10_000);
    const found = matchesOf([3, 1, 2]);
    kept.keep('lm358', found);
    found[0]?.[1].docs.fill(99);
    expect(docsOf(kept.get('lm358'))).toEqual([3, 1, 2]);
    expect([...(kept.get('lm358')?.[0]?.[1].scores ?? [])]).toEqual([30, 10, 20]);
  });

  it('drops the least recently used keyword past its budget, and keeps none larger than a quarter of it', () => {
    const kept = new KeptMatches(8);
    kept.keep('a', matchesOf([1, 2]));
    kept.keep('b', matchesOf([3, 4]));
    kept.keep('c', matchesOf([5, 6]));
    expect(kept.get('a')).toBeDefined();
    kept.keep('d', matchesOf([7, 8]));
    kept.keep('e', matchesOf([9]));
    expect(kept.get('b')).toBeUndefined();
    expect(['a', 'c', 'd', 'e'].map((keyword) => docsOf(kept.get(keyword)))).toEqual([[1, 2], [5, 6], [7, 8], [9]]);
    kept.keep('large', matchesOf([1, 2, 3]));
    expect(kept.get('large')).toBeUndefined();
  });

  it('recycles the arrays of forgotten keywords for the next copies, with their own content', () => {
    const kept = new KeptMatches(10_000);
    kept.keep('first', matchesOf([1, 2, 3]));
    const firstBuffer = kept.get('first')?.[0]?.[1].docs.buffer;
    kept.clear();
    expect(kept.get('first')).toBeUndefined();
    kept.keep('second', matchesOf([7, 8]));
    const second = kept.get('second')?.[0]?.[1];
    expect(second?.docs.buffer).toBe(firstBuffer);
    expect([...(second?.docs ?? [])]).toEqual([7, 8]);
    expect([...(second?.scores ?? [])]).toEqual([70, 80]);
  });
});
