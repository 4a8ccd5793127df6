import { describe, expect, it } from 'vitest';
import { maxPurchaseQuantity } from './pricing.ts';
import {
  amountCentsOf,
  centsOfE4,
  centsOfYuan,
  centsOfYuanText,
  e4OfYuanText,
  formatCents,
  formatGroupedCents,
  formatShortCents,
  formatUnitPriceE4,
  roundedE4OfYuanText,
  shortYuanTextOfCents,
  yuanOfCents,
  yuanOfE4,
  yuanTextOfCents,
  yuanTextOfE4,
  yuanToE4,
} from './money.ts';

describe('amounts round once to fen (spec §5: 2 decimals, half up, minimum 0.01 unless zero)', () => {
  it.each([
    ['zero stays zero', 0, 0],
    ['¥0.0001 → the minimum ¥0.01', 1, 1],
    ['¥0.0049 → the minimum ¥0.01', 49, 1],
    ['¥0.005 → ¥0.01', 50, 1],
    ['¥0.0149 → ¥0.01', 149, 1],
    ['¥0.015 → ¥0.02 (half up)', 150, 2],
    ['¥0.9949 → ¥0.99', 9949, 99],
    ['¥0.9999 → ¥1.00', 9999, 100],
    ['¥1 → ¥1.00', 10_000, 100],
    ['¥1.0049 → ¥1.00', 10_049, 100],
    ['¥1.005 → ¥1.01 (half up)', 10_050, 101],
    ['¥1.2345 → ¥1.23', 12_345, 123],
    ['¥1.235 → ¥1.24', 12_350, 124],
    ['-¥0.0001 → -¥0.01 (minimum, signed)', -1, -1],
    ['-¥0.015 → -¥0.02 (half away from zero)', -150, -2],
    ['¥100,000 × 1,000,000 stays exact', 1e15, 1e13],
    ['one e4 short of a half fen at 2^53', 9_007_199_254_740_949, 90_071_992_547_409],
    ['a half fen at 2^53', 9_007_199_254_740_950, 90_071_992_547_410],
  ])('%s', (_case, e4, fen) => {
    expect(centsOfE4(e4)).toBe(fen);
  });

  it.each([Number.NaN, 0.5, 2 ** 53, Number.POSITIVE_INFINITY])('refuses %d e4 (not a safe integer)', (e4) => {
    expect(() => centsOfE4(e4)).toThrow(RangeError);
  });
});

describe('a line costs unit price × quantity, rounded once', () => {
  it.each([
    ['the issue’s 0603 resistor: ¥0.0023 × 100 = ¥0.23', 23, 100, 23],
    ['¥0.0023 × 1 → the minimum ¥0.01', 23, 1, 1],
    ['¥0.0023 × 5000 = ¥11.50', 23, 5000, 1150],
    ['¥0.0049 × 1 → ¥0.01', 49, 1, 1],
    ['¥0.005 × 3 = ¥0.015 → ¥0.02 (rounded once, not per piece)', 50, 3, 2],
    ['¥0.0001 × 49 → the minimum ¥0.01', 1, 49, 1],
    ['¥0.0001 × 150 = ¥0.015 → ¥0.02', 1, 150, 2],
    ['¥0.9999 × 3 = ¥2.9997 → ¥3.00', 9999, 3, 300],
    ['¥1.005 × 1 → ¥1.01', 10_050, 1, 101],
    ['¥1.005 × 2 = ¥2.01', 10_050, 2, 201],
    ['¥12.8345 × 100 = ¥1283.45', 128_345, 100, 128_345],
    ['zero quantity costs nothing', 23, 0, 0],
    ['a free part costs nothing', 0, 100, 0],
    ['¥100,000 × the most a line may hold stays exact', 1e9, maxPurchaseQuantity, 1e13],
    ['¥99,999.9999 × 999,999 = ¥99,999,899,900.0001 → ¥99,999,899,900.00', 999_999_999, 999_999, 9_999_989_990_000],
  ])('%s', (_case, unitPriceE4, quantity, fen) => {
    expect(amountCentsOf(unitPriceE4, quantity)).toBe(fen);
  });

  it.each([
    ['a fractional quantity', 23, 1.5],
    ['a fractional price', 2.5, 100],
    ['a product beyond 2^53', 1e10, 1e6],
  ])('refuses %s', (_case, unitPriceE4, quantity) => {
    expect(() => amountCentsOf(unitPriceE4, quantity)).toThrow(RangeError);
  });
});

describe('unit prices show as stored: up to 4 decimals, trailing zeros trimmed to at least 2', () => {
  it.each([
    [0, '¥0.00'],
    [1, '¥0.0001'],
    [23, '¥0.0023'],
    [49, '¥0.0049'],
    [50, '¥0.005'],
    [100, '¥0.01'],
    [120, '¥0.012'],
    [500, '¥0.05'],
    [1250, '¥0.125'],
    [2500, '¥0.25'],
    [9999, '¥0.9999'],
    [10_000, '¥1.00'],
    [10_050, '¥1.005'],
    [12_345, '¥1.2345'],
    [12_500, '¥1.25'],
    [128_000, '¥12.80'],
    [128_345, '¥12.8345'],
    [1e9, '¥100000.00'],
    [-23, '-¥0.0023'],
  ])('formatUnitPriceE4(%i) = %s', (e4, text) => {
    expect(formatUnitPriceE4(e4)).toBe(text);
  });

  it('refuses a price that is not a whole number of 0.0001 yuan', () => {
    expect(() => formatUnitPriceE4(2.5)).toThrow(RangeError);
  });
});

describe('yuanToE4', () => {
  it.each([
    [0.0021, 21],
    [1.1, 11_000],
    [0.0023, 23],
    [12.8345, 128_345],
  ])('yuanToE4(%d) = %i, without float drift', (yuan, e4) => {
    expect(yuanToE4(yuan)).toBe(e4);
  });
});

describe('amounts in fen as text', () => {
  it.each([
    [0, '0.00', '¥0.00', '0', '¥0', '¥0.00'],
    [1, '0.01', '¥0.01', '0.01', '¥0.01', '¥0.01'],
    [5, '0.05', '¥0.05', '0.05', '¥0.05', '¥0.05'],
    [1230, '12.30', '¥12.30', '12.30', '¥12.30', '¥12.30'],
    [1250, '12.50', '¥12.50', '12.50', '¥12.50', '¥12.50'],
    [5000, '50.00', '¥50.00', '50', '¥50', '¥50.00'],
    [123_456, '1234.56', '¥1234.56', '1234.56', '¥1234.56', '¥1,234.56'],
    [2_000_000, '20000.00', '¥20000.00', '20000', '¥20000', '¥20,000.00'],
    [-5, '-0.05', '-¥0.05', '-0.05', '-¥0.05', '-¥0.05'],
    [-123_456, '-1234.56', '-¥1234.56', '-1234.56', '-¥1234.56', '-¥1,234.56'],
    [9_007_199_254_740_991, '90071992547409.91', '¥90071992547409.91', '90071992547409.91', '¥90071992547409.91', '¥90,071,992,547,409.91'],
  ])('%i fen', (cents, yuanText, full, short, shortFull, grouped) => {
    expect(yuanTextOfCents(cents)).toBe(yuanText);
    expect(formatCents(cents)).toBe(full);
    expect(shortYuanTextOfCents(cents)).toBe(short);
    expect(formatShortCents(cents)).toBe(shortFull);
    expect(formatGroupedCents(cents)).toBe(grouped);
  });

  it.each([
    [0, 0],
    [8, 800],
    [12.5, 1250],
    [1234.56, 123_456],
    [0.29, 29],
    [1.01, 101],
    [-0.05, -5],
  ])('a wire yuan of %d is %i fen', (yuan, cents) => {
    expect(centsOfYuan(yuan)).toBe(cents);
  });

  it('agrees with the float formatting it replaced, for every fen / 100 up to ¥1,000', () => {
    const disagreements: number[] = [];
    for (let cents = 0; cents <= 100_000; cents++) {
      if (yuanTextOfCents(centsOfYuan(cents / 100)) !== (cents / 100).toFixed(2)) disagreements.push(cents);
    }
    expect(disagreements).toEqual([]);
  });
});

describe('yuan numbers for wire fields, spreadsheet cells and charts', () => {
  it.each([
    [0, 0],
    [1, 0.01],
    [1250, 12.5],
    [123_456, 1234.56],
    [-5, -0.05],
  ])('%i fen is %d yuan, and back', (cents, yuan) => {
    expect(yuanOfCents(cents)).toBe(yuan);
    expect(centsOfYuan(yuanOfCents(cents))).toBe(cents);
  });

  it.each([
    [0, 0],
    [23, 0.0023],
    [1250, 0.125],
    [128_345, 12.8345],
  ])('%i e4 is %d yuan, and back', (e4, yuan) => {
    expect(yuanOfE4(e4)).toBe(yuan);
    expect(yuanToE4(yuanOfE4(e4))).toBe(e4);
  });
});

describe('unit prices as a form shows them (no ¥)', () => {
  it.each([
    [0, '0.00'],
    [23, '0.0023'],
    [1250, '0.125'],
    [10_000, '1.00'],
    [128_345, '12.8345'],
    [-23, '-0.0023'],
    [9_007_199_254_740_991, '900719925474.0991'],
  ])('yuanTextOfE4(%i) = %s', (e4, text) => {
    expect(yuanTextOfE4(e4)).toBe(text);
  });

  it('refuses a price that is not a safe integer', () => {
    expect(() => yuanTextOfE4(0.5)).toThrow(RangeError);
    expect(() => yuanTextOfE4(2 ** 53)).toThrow(RangeError);
  });
});

describe('yuan text read as fen, exactly (at most 2 decimals)', () => {
  it.each([
    ['123.45', 12_345],
    ['0.01', 1],
    ['12.3', 1_230],
    ['100', 10_000],
    [' 7.00 ', 700],
    ['0', 0],
    ['0.00', 0],
    ['007.5', 750],
    ['99999999.99', 9_999_999_999],
    ['999999999999.99', 99_999_999_999_999],
    ['0.29', 29],
    ['1.15', 115],
  ])('reads %j as %i fen', (text, cents) => {
    expect(centsOfYuanText(text)).toBe(cents);
  });

  it.each(['', ' ', '1.234', '0.001', '-1.00', '+1', '1,00', '1,000.00', '1e3', 'abc', '.5', '1.', '¥1', '1 000', '１２', '1000000000000'])(
    'refuses %j',
    (text) => {
      expect(centsOfYuanText(text)).toBeNull();
    },
  );

  it('limits the digits before the point where the caller does', () => {
    expect(centsOfYuanText('123456789.12', 9)).toBe(12_345_678_912);
    expect(centsOfYuanText('1234567890', 9)).toBeNull();
    expect(centsOfYuanText('9'.repeat(14), 14)).toBeNull();
  });

  it.each([0, 1, 29, 115, 1230, 12_345, 99_999_999_999_999])('reads yuanTextOfCents(%i) back', (cents) => {
    expect(centsOfYuanText(yuanTextOfCents(cents))).toBe(cents);
  });
});

describe('yuan text read as 0.0001 yuan, exactly (at most 4 decimals)', () => {
  it.each([
    ['0.0023', 23],
    ['0.0001', 1],
    ['0.125', 1250],
    ['12.8', 128_000],
    ['12.8345', 128_345],
    ['1', 10_000],
    ['0', 0],
    [' 1.5 ', 15_000],
    ['999999999.9999', 9_999_999_999_999],
  ])('reads %j as %i', (text, e4) => {
    expect(e4OfYuanText(text)).toBe(e4);
  });

  it.each(['', '0.00001', '1.23456', '-0.5', '1e-4', '.5', '1.', '¥0.5', '1234567890'])('refuses %j', (text) => {
    expect(e4OfYuanText(text)).toBeNull();
  });

  it('limits the digits before the point where the caller does', () => {
    expect(e4OfYuanText('999999.9999', 6)).toBe(9_999_999_999);
    expect(e4OfYuanText('1000000', 6)).toBeNull();
  });

  it.each([1, 23, 1250, 10_000, 128_345])('reads yuanTextOfE4(%i) back', (e4) => {
    expect(e4OfYuanText(yuanTextOfE4(e4))).toBe(e4);
  });
});

describe('price-list yuan rounded half up to 0.0001 yuan on the digits', () => {
  it.each([
    ['0.0023', 23],
    ['0.00125', 13],
    ['0.00124999', 12],
    ['1.00005', 10_001],
    ['1.00004999', 10_000],
    ['0.99995', 10_000],
    ['12', 120_000],
    ['0.00004', 0],
    ['900719925474.0991', 9_007_199_254_740_991],
  ])('reads %j as %i', (text, e4) => {
    expect(roundedE4OfYuanText(text)).toBe(e4);
  });

  it.each(['', '-1', '1e2', '1.', '.5', '1,000', '900719925474.0992', '99999999999999999'])('refuses %j', (text) => {
    expect(roundedE4OfYuanText(text)).toBeNull();
  });
});
