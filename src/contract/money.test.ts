import { describe, expect, it } from 'vitest';
import { formatPriceE4, roundPriceE4, yuanToE4 } from './money.ts';

describe('price rounding (spec §5: 2 decimals, minimum 0.01 unless zero)', () => {
  it.each([
    [0, 0],
    [1, 0.01],
    [49, 0.01],
    [50, 0.01],
    [149, 0.01],
    [150, 0.02],
    [12345, 1.23],
    [12350, 1.24],
    [10000, 1],
    [-150, -0.02],
  ])('roundPriceE4(%i) = %d', (e4, yuan) => {
    expect(roundPriceE4(e4)).toBe(yuan);
  });

  it('formats with ¥ and two decimals', () => {
    expect(formatPriceE4(21)).toBe('¥0.01');
    expect(formatPriceE4(0)).toBe('¥0.00');
    expect(formatPriceE4(123456)).toBe('¥12.35');
  });

  it('converts yuan to e4 without float drift', () => {
    expect(yuanToE4(0.0021)).toBe(21);
    expect(yuanToE4(1.1)).toBe(11000);
  });
});
