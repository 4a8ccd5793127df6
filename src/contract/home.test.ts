import { describe, expect, it } from 'vitest';
import { formatPieces, greetingFor, groupsOf } from './home.ts';
import { centsOfYuan, formatGroupedCents } from './money.ts';

/** Epoch ms of a Beijing wall-clock time on 2026-06-11. */
const beijing = (hour: number, minute = 0) => Date.UTC(2026, 5, 11, hour - 8, minute);

describe('home greetings by Beijing time', () => {
  it.each([
    [0, '晚上好'],
    [4, '晚上好'],
    [5, '早上好'],
    [11, '早上好'],
    [12, '下午好'],
    [17, '下午好'],
    [18, '晚上好'],
    [23, '晚上好'],
  ])('at %i:00 says %s', (hour, greeting) => {
    expect(greetingFor(beijing(hour))).toBe(greeting);
  });

  it('uses Beijing time, not the server zone: 23:30 UTC is 07:30 in Beijing', () => {
    expect(greetingFor(Date.UTC(2026, 5, 10, 23, 30))).toBe('早上好');
  });
});

describe('order statistics formatting', () => {
  it.each([
    [0, '0pcs'],
    [50, '50pcs'],
    [1000, '1,000pcs'],
    [12000, '12,000pcs'],
    [1234567, '1,234,567pcs'],
  ])('shows %i pieces as %s', (count, text) => {
    expect(formatPieces(count)).toBe(text);
  });

  it.each([
    [0, '¥0.00'],
    [8, '¥8.00'],
    [12.5, '¥12.50'],
    [1234.56, '¥1,234.56'],
    [20000, '¥20,000.00'],
  ])('shows %f yuan as %s', (yuan, text) => {
    expect(formatGroupedCents(centsOfYuan(yuan))).toBe(text);
  });
});

describe('carousel groups', () => {
  it('slices a list into slides of a given size, the last one shorter', () => {
    expect(groupsOf([1, 2, 3, 4, 5, 6, 7], 3)).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
  });

  it('gives no slide for an empty list', () => {
    expect(groupsOf([], 5)).toEqual([]);
  });
});
