import { describe, expect, it } from 'vitest';
import { nextIndex } from './use-search-suggestions.ts';

describe('moving through the dropdown with the arrow keys', () => {
  it.each([
    ['down from nothing chosen goes to the first', -1, 3, 1, 0],
    ['up from nothing chosen goes to the last', -1, 3, -1, 2],
    ['down from the last wraps to the first', 2, 3, 1, 0],
    ['up from the first wraps to the last', 0, 3, -1, 2],
    ['down moves one on', 0, 3, 1, 1],
    ['an empty list chooses nothing', 0, 0, 1, -1],
  ] as const)('%s', (_case, current, length, step, expected) => {
    expect(nextIndex(current, length, step)).toBe(expected);
  });
});
