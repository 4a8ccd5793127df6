import { describe, expect, it } from 'vitest';
import { compareHref, readCompareIds } from './compare.ts';

describe('readCompareIds', () => {
  it.each([
    ['1,2,3', [1, 2, 3], false],
    [' 3 , 1,3,2 ', [3, 1, 2], false],
    ['1,2,3,4,5,6', [1, 2, 3, 4], true],
    ['1,1,1,1,2', [1, 2], false],
    ['a,0,-1,1.5,99999999999,7', [7], false],
    ['', [], false],
    [undefined, [], false],
  ])('“%s”', (text, ids, isCut) => {
    expect(readCompareIds(text)).toEqual({ ids, isCut });
  });
});

describe('compareHref', () => {
  it('lists the ids, or is the bare page without any', () => {
    expect(compareHref([4, 2])).toBe('/product/compare?ids=4,2');
    expect(compareHref([])).toBe('/product/compare');
  });
});
