import { describe, expect, it } from 'vitest';
import { centsOfYuanText, yuanTextOfCents } from '../../../contract/money.ts';
import { formatBeijingRfc3339, formatBeijingTimeSeconds, parseBeijingTimeSeconds } from '../../../contract/time.ts';

describe('amounts as providers write them', () => {
  it.each([
    ['123.45', 12_345],
    ['0.01', 1],
    ['12.3', 1_230],
    ['100', 10_000],
    [' 7.00 ', 700],
    ['99999999.99', 9_999_999_999],
  ])('reads %s yuan as %i cents, exactly', (text, cents) => {
    expect(centsOfYuanText(text)).toBe(cents);
  });

  it.each(['', '1.234', '-1.00', '1,00', '1e3', 'abc', '.5', '1.'])('refuses %j', (text) => {
    expect(centsOfYuanText(text)).toBeNull();
  });

  it.each([
    [1, '0.01'],
    [1_230, '12.30'],
    [12_345, '123.45'],
    [10_000, '100.00'],
  ])('writes %i cents as %s', (cents, text) => {
    expect(yuanTextOfCents(cents)).toBe(text);
    expect(centsOfYuanText(text)).toBe(cents);
  });
});

describe('times in Beijing', () => {
  const instant = Date.UTC(2025, 10, 23, 16, 5, 9);

  it('writes Alipay’s and WeChat’s formats in UTC+8', () => {
    expect(formatBeijingTimeSeconds(instant)).toBe('2025-11-24 00:05:09');
    expect(formatBeijingRfc3339(instant)).toBe('2025-11-24T00:05:09+08:00');
    expect(Date.parse(formatBeijingRfc3339(instant))).toBe(instant);
  });

  it('reads Alipay’s gmt_payment back, and nothing else', () => {
    expect(parseBeijingTimeSeconds('2025-11-24 00:05:09')).toBe(instant);
    expect(parseBeijingTimeSeconds('2025-11-24T00:05:09')).toBeNull();
    expect(parseBeijingTimeSeconds('')).toBeNull();
  });
});
