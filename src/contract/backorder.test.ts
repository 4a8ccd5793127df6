import { describe, expect, it } from 'vitest';
import { backOrderDateOf, dateMovedText, expectedDateNote } from './backorder.ts';
import { isBeijingDate } from './time.ts';

describe('back-order dates', () => {
  it('counts the lead weeks from the Beijing day, not the UTC one', () => {
    // 2026-12-06 17:30 UTC is 2026-12-07 01:30 in Beijing: six weeks on is 2027-01-18.
    expect(backOrderDateOf(Date.parse('2026-12-06T17:30:00Z'), 6)).toEqual({ leadWeeks: 6, expectedDate: '2027-01-18' });
    expect(backOrderDateOf(Date.parse('2026-12-06T15:59:00Z'), 1)).toEqual({ leadWeeks: 1, expectedDate: '2026-12-13' });
  });

  it('gives no date to a part nobody gave a lead time', () => {
    expect(backOrderDateOf(Date.now(), null)).toBeNull();
  });

  it('says a move as the buyer reads it, and a line without a date as 待定', () => {
    expect(dateMovedText('2027-01-18', '2027-02-01')).toBe('预计到货日期变更：原 2027-01-18，现 2027-02-01');
    expect(dateMovedText(null, '2027-02-01')).toBe('预计到货日期变更：原 未定，现 2027-02-01');
    expect(expectedDateNote('2027-02-01')).toBe('预计 2027-02-01 到货');
    expect(expectedDateNote(null)).toBe('到货日期待定');
  });

  it('accepts only real calendar days', () => {
    expect(['2026-02-28', '2028-02-29'].map(isBeijingDate)).toEqual([true, true]);
    expect(['2026-02-30', '2026-13-01', '2026-1-01', '', '2026-02-28T00:00'].map(isBeijingDate)).toEqual([false, false, false, false, false]);
  });
});
