import { describe, expect, it } from 'vitest';
import { menuIndexAfter } from './use-category-menu-keys.ts';

describe('moving through the category menu with the keyboard', () => {
  it.each([
    ['down from nothing focused goes to the first', 'ArrowDown', -1, 8, 0],
    ['up from nothing focused goes to the last', 'ArrowUp', -1, 8, 7],
    ['down from the last wraps to the first', 'ArrowDown', 7, 8, 0],
    ['up from the first wraps to the last', 'ArrowUp', 0, 8, 7],
    ['Home goes to the first', 'Home', 5, 8, 0],
    ['End goes to the last', 'End', 2, 8, 7],
    ['another key moves nothing', 'a', 2, 8, null],
    ['an empty list moves nothing', 'ArrowDown', -1, 0, null],
  ] as const)('%s', (_case, key, current, length, expected) => {
    expect(menuIndexAfter(key, current, length)).toBe(expected);
  });
});
