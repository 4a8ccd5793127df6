import { describe, expect, it } from 'vitest';
import { bitSetOf, intersectAll, intersectWithBitSets } from './postings.ts';

/** Ascending docs below `docCount`, each kept with probability `share`, from a seeded generator. */
function randomList(docCount: number, share: number, seed: number): Uint32Array {
  let state = seed;
  const next = () => (state = (state * 1_103_515_245 + 12_345) >>> 0) / 2 ** 32;
  const docs: number[] = [];
  for (let doc = 0; doc < docCount; doc++) if (next() < share) docs.push(doc);
  return Uint32Array.from(docs);
}

function naiveIntersection(lists: Uint32Array[]): number[] {
  const [first = new Uint32Array(0), ...rest] = lists;
  return [...first].filter((doc) => rest.every((list) => list.includes(doc)));
}

describe('intersectAll', () => {
  const docCount = 3_000;

  it('finds the docs in every list when the lists are large (bit sets), across calls of different sizes', () => {
    const lists = [randomList(docCount, 0.5, 1), randomList(docCount, 0.6, 2), randomList(docCount, 0.3, 3), randomList(docCount, 0.7, 4)];
    expect([...intersectAll(lists, docCount)]).toEqual(naiveIntersection(lists));
    const few = [randomList(100, 0.5, 5), randomList(100, 0.5, 6)];
    expect([...intersectAll(few, 100)]).toEqual(naiveIntersection(few));
    expect([...intersectAll(lists, docCount)]).toEqual(naiveIntersection(lists));
  });

  it('finds the same docs when one list is small (galloping search), and keeps the last doc of the catalogue', () => {
    const lists = [randomList(docCount, 0.005, 7), randomList(docCount, 0.5, 8), Uint32Array.from({ length: docCount }, (_, doc) => doc)];
    expect([...intersectAll(lists, docCount)]).toEqual(naiveIntersection(lists));
    const withLast = [Uint32Array.of(0, 31, 32, docCount - 1), Uint32Array.of(31, 32, 33, docCount - 1)];
    expect([...intersectAll(withLast, docCount)]).toEqual([31, 32, docCount - 1]);
    expect([
      ...intersectAll(
        withLast.map((list) => list.subarray(0)),
        0,
      ),
    ]).toEqual([31, 32, docCount - 1]);
  });

  it('answers one list as it is and nothing for no list', () => {
    const list = Uint32Array.of(1, 5, 9);
    expect(intersectAll([list], docCount)).toBe(list);
    expect(intersectAll([], docCount)).toHaveLength(0);
  });
});

describe('intersectWithBitSets', () => {
  const docCount = 3_001;
  const lists = [randomList(docCount, 0.5, 11), randomList(docCount, 0.6, 12), randomList(docCount, 0.02, 13), randomList(docCount, 0.7, 14)];
  const everyDoc = Uint32Array.from({ length: docCount }, (_, doc) => doc);

  it('finds the docs in every list whichever lists come with bit sets', () => {
    for (const withBits of [[0, 1, 3], [0, 1], [2], [0, 1, 2, 3], []]) {
      const bitSets = lists.map((list, i) => (withBits.includes(i) ? bitSetOf(list, docCount) : undefined));
      expect({ withBits, docs: [...intersectWithBitSets(lists, bitSets, docCount)] }).toEqual({ withBits, docs: naiveIntersection(lists) });
    }
  });

  it('keeps the first and the last doc, at word boundaries, and answers nothing when the sets do not meet', () => {
    const edges = Uint32Array.of(0, 31, 32, 63, 64, docCount - 1);
    const bitSets = [bitSetOf(edges, docCount), bitSetOf(everyDoc, docCount)];
    expect([...intersectWithBitSets([edges, everyDoc], bitSets, docCount)]).toEqual([...edges]);
    const odd = everyDoc.filter((doc) => doc % 2 === 1);
    const even = everyDoc.filter((doc) => doc % 2 === 0);
    expect(intersectWithBitSets([odd, even], [bitSetOf(odd, docCount), bitSetOf(even, docCount)], docCount)).toHaveLength(0);
  });
});
