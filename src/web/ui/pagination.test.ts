import { describe, expect, it } from 'vitest';
import { pageWindow } from './pagination.tsx';

describe('page numbers around the current page', () => {
  it.each([
    [1, 1, [1]],
    [1, 5, [1, 2, 3, 4, 5]],
    [1, 9, [1, 2, 3, 'gap', 9]],
    [3, 5, [1, 2, 3, 4, 5]],
    [6, 20, [1, 'gap', 4, 5, 6, 7, 8, 'gap', 20]],
    [20, 20, [1, 'gap', 18, 19, 20]],
    [2, 4, [1, 2, 3, 4]],
  ])('page %i of %i → %j', (page, pageCount, expected) => {
    expect(pageWindow(page, pageCount)).toEqual(expected);
  });
});
