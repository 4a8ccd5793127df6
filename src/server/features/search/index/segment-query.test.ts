import { describe, expect, it } from 'vitest';
import type { TokenProbe } from './compile-query.ts';
import { PackageTable, SegmentBuilder, type ProductDoc } from './segment-builder.ts';
import { matchTokens, type Matches } from './segment-query.ts';
import type { Segment } from './segment.ts';
import { wordKeys } from './terms.ts';

const phrases = ['贴片电阻', '贴片电容', '陶瓷电容', '厚膜', '薄膜', '50V', '0603', 'X7R', '精密', '电感'];

/** Products whose descriptions draw three phrases each from a seeded generator: every word is in a large share of them. */
function products(count: number): ProductDoc[] {
  let state = 20_261_127;
  const next = (n: number) => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return Math.floor((state / 2 ** 32) * n);
  };
  return Array.from({ length: count }, (_, i) => ({
    productId: i + 1,
    code: `PN${String(i).padStart(5, '0')}`,
    codeNorm: `PN${String(i).padStart(5, '0')}`,
    brandId: next(5),
    categoryId: next(4),
    packageName: ['0603', '0402', 'SOT-23'][next(3)] ?? '0603',
    description: [phrases[next(10)], phrases[next(10)], phrases[next(10)]].join(' '),
    stock: next(3) * 100,
    priceE4: 100 + next(1000),
    params: [],
  }));
}

function segmentOf(docs: ProductDoc[], withBitSets: boolean): Segment {
  const builder = new SegmentBuilder(new PackageTable());
  for (const doc of docs) builder.add(doc);
  return builder.finish(withBitSets ? { bitSetShare: 0, bitSetMinDocs: 1 } : undefined);
}

function word(text: string, categoryIds: number[] = []): TokenProbe {
  return { text, code: null, brandIds: [], categoryIds, packageIds: [], packageName: null, quantityKey: null, wordKeys: wordKeys(text) };
}

/** Doc → score, whatever the order the docs were found in. */
function scoresByDoc(matches: Matches): [number, number][] {
  return [...matches.docs].map((doc, i): [number, number] => [doc, matches.scores[i] ?? 0]).sort((a, b) => a[0] - b[0]);
}

describe('matchTokens with bit sets of the largest words', () => {
  const docs = products(3_000);
  const walked = segmentOf(docs, false);
  const withBitSets = segmentOf(docs, true);

  it('matches the same docs with the same scores as walking the lists, for one to four words', () => {
    const keywords: TokenProbe[][] = [
      [word('陶瓷电容')],
      [word('陶瓷电容'), word('50V')],
      [word('50V'), word('陶瓷电容'), word('0603')],
      [word('贴片电阻', [1]), word('0603'), word('精密'), word('厚膜')],
      [word('贴片电容', [2, 3]), word('X7R')],
      [word('电感'), word('没有的词')],
    ];
    for (const tokens of keywords) {
      const expected = scoresByDoc(matchTokens(walked, tokens, null));
      const found = scoresByDoc(matchTokens(withBitSets, tokens, null));
      expect({ keyword: tokens.map((token) => token.text).join(' '), found }).toEqual({
        keyword: tokens.map((token) => token.text).join(' '),
        found: expected,
      });
    }
    // The keywords of several words do find parts, so the check on survivors is exercised.
    expect(matchTokens(withBitSets, [word('50V'), word('陶瓷电容'), word('0603')], null).docs.length).toBeGreaterThan(20);
    expect(matchTokens(withBitSets, [word('贴片电容', [2, 3]), word('X7R')], null).docs.length).toBeGreaterThan(20);
  });
});
